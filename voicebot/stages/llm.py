"""LLM stage: a final transcript in, the assistant's reply streamed out as text."""

from __future__ import annotations

import asyncio

from voicebot import frames as fr
from voicebot.conversation import Conversation
from voicebot.errors import VoicebotError
from voicebot.llm import LLMClient, ReplyParams
from voicebot.pipeline import Stage


class LlmStage(Stage):
    name = "llm"

    def __init__(self, client: LLMClient, conversation: Conversation, params: ReplyParams) -> None:
        super().__init__()
        self.client = client
        self.conversation = conversation
        self.params = params
        self._task: asyncio.Task[None] | None = None
        self._turn_id: int | None = None

    async def handle(self, frame: fr.Frame) -> None:
        if not (isinstance(frame, fr.Transcript) and frame.final and frame.text.strip()):
            return
        self.conversation.add_user(frame.turn_id, frame.text.strip())
        self._turn_id = frame.turn_id
        self._task = asyncio.create_task(self._reply(frame.turn_id, self.conversation.prompt()))
        try:
            await self._task  # one reply at a time; a barge-in cancels it
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():  # the stage itself is cancelled (teardown)
                raise
        finally:
            self._task = self._turn_id = None

    async def _reply(self, turn_id: int, messages: list[dict[str, str]]) -> None:
        parts: list[str] = []
        error = None
        stream = self.client.stream(messages, self.params)
        try:
            async for text in stream:
                parts.append(text)
                await self.emit(fr.LLMText(turn_id, text))
        except VoicebotError as e:
            error = str(e)
        finally:
            await stream.aclose()  # type: ignore[attr-defined]
        reply = "".join(parts).strip()
        self.conversation.record_reply(turn_id, reply)
        await self.emit(fr.LLMDone(turn_id, reply, error=error))

    def interrupt(self, turn_id: int) -> None:
        if self._task is not None and self._turn_id == turn_id:
            self._task.cancel()
