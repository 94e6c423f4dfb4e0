"""The engine: a background thread that steps the scheduler, and the asyncio facade that streams deltas.

The asyncio side never touches engine state: it puts commands (add / abort / close) on a thread-safe
inbox, and the engine thread hands deltas back with `loop.call_soon_threadsafe` onto a per-request queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import queue
import re
import sys
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

import torch

from engine.cpu import CpuPath, choose_cpu_path, detect
from engine.cuda_graphs import DecodeGraphs
from engine.drafters import Drafter, ModelDrafter, NgramDrafter
from engine.errors import EngineError, EngineOverloadedError
from engine.kv_cache import KVCache
from engine.model import Model, ModelConfig
from engine.options import EngineOptions, SamplingParams
from engine.quant import CALIBRATION_CHATS, stale_caches
from engine.quant import cache_file as int8_cache_file
from engine.runner import ModelRunner
from engine.sampling import make_generator
from engine.scheduler import Batch, Scheduler
from engine.sequence import Delta, Sequence
from engine.speculative import Speculator
from engine.tokenizer import IncrementalDetokenizer, Tokenizer
from engine.vocab import speakable_ids
from engine.weights import damaged_model, load_config, load_state_dict, pick_auto, resolve_model

_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}


def end_probability(probs: tuple[float, ...] | list[float]) -> float | None:
    """The end-of-turn probability from a delta's `probs` (None when the request could not be scored)."""
    return min(1.0, sum(probs)) if probs else None


def _unpunctuated(messages: list[dict[str, str]]) -> list[dict[str, str]]:
    *head, last = messages
    return [*head, {**last, "content": re.sub(r"[\s.,!?;:…\-—]+$", "", last["content"])}]


def load_tokenizer(model_dir: Path) -> Tokenizer:
    """The model's tokenizer; a damaged tokenizer or config file is one error line naming the folder."""
    try:
        return Tokenizer.from_dir(model_dir)
    except EngineError:
        raise
    except Exception as e:  # json's ValueError, the tokenizers library's own Exception, an OSError
        raise damaged_model(model_dir, e) from e


def pick_device_dtype(options: EngineOptions) -> tuple[torch.device, CpuPath]:
    """CUDA + bf16 when present (`auto`), else the CPU path this CPU runs fastest (engine/cpu.py)."""
    if options.device == "cuda" and not torch.cuda.is_available():
        raise EngineError("device 'cuda' was requested but torch sees no CUDA device; use device 'cpu'")
    auto = "cuda" if torch.cuda.is_available() else "cpu"
    device = torch.device(auto if options.device == "auto" else options.device)
    if device.type == "cpu":
        return device, choose_cpu_path(options.dtype, detect())
    dtype = torch.bfloat16 if options.dtype in ("auto", "int8") else _DTYPES[options.dtype]
    return device, CpuPath(dtype, False, None, f"{str(dtype).removeprefix('torch.')} on {device}")


class Engine:
    """Loads a model and serves streaming generation to many concurrent asyncio consumers."""

    def __init__(self, options: EngineOptions | None = None, drafter: Drafter | None = None) -> None:
        """`drafter` replaces the one `options.speculation` names (tests, custom drafters)."""
        self.options = options = options or EngineOptions()
        self._custom_drafter = drafter
        self.speculator: Speculator | None = None
        self._cost_fault_reported = False
        self.device, self.path = pick_device_dtype(options)
        self.dtype, self.single_row_dtype = self.path.dtype, self.path.single_row_dtype
        self.scheduler = Scheduler(options.max_batch, options.prefill_chunk, options.background_chunk)
        self.step_times: deque[float] = deque(maxlen=10_000)  # seconds per step, for benchmarks
        # Each step runs inside this context on the engine thread; it may block briefly so that more urgent
        # CPU work of the caller runs first (voicebot: the ASR at a pause, voicebot/priority.py).
        self.step_gate: Callable[[], contextlib.AbstractContextManager[object]] = contextlib.nullcontext
        # Called between the layers of a step: may block, so that urgent work need not wait for a whole step.
        self.pause_point: Callable[[], None] | None = None
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self._ids = itertools.count()
        self._lock = threading.Lock()
        self._in_flight = 0  # submitted and not finished: running + waiting + still in the inbox
        self._closed = False
        self._loaded = threading.Event()
        self._load_error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="voicebot-engine", daemon=True)
        self._thread.start()
        self._loaded.wait()
        if self._load_error is not None:
            self._closed = True
            raise self._load_error

    def _load(self) -> None:
        """Runs in the engine thread. All torch work stays on this one thread: with OpenMP, a second
        thread that also runs parallel torch ops makes both slower (measured: bf16 decode ~25% slower)."""
        o = self.options
        if self.device.type == "cpu":
            # per-thread under OpenMP, but torch applies its last process-wide count to a thread on the thread's
            # first parallel op: done first here, or a second engine loading at the same time (another thread
            # count) would set this one's at random (seen: the 0.5B on 1 thread beside a 1-thread engine)
            torch.get_num_threads()
            torch.set_num_threads(o.threads or os.cpu_count() or 1)
        self.model_name = o.model
        if o.model == "auto":
            self.model_name = pick_auto(self.device.type)
        self.model_dir = resolve_model(self.model_name)
        self.tokenizer = load_tokenizer(self.model_dir)
        self.config = c = ModelConfig.from_hf(load_config(self.model_dir))
        # the tokens the model may write, once: a draft model shares the tokenizer and vocab_size (_make_drafter)
        self.vocab_ids = speakable_ids(self.tokenizer, c.vocab_size) if o.vocabulary == "speakable" else None
        model = self._build(c, self.model_dir)
        graphs = o.cuda_graphs and self.device.type == "cuda"
        slots = o.max_batch + 1 if graphs else o.max_batch  # CUDA graphs pad into a scratch slot
        kv = KVCache.allocate(c.num_layers, slots, c.num_kv_heads, o.max_seq_len, c.head_dim, self.dtype, self.device)
        self.runner = ModelRunner(model, kv, self.device, self._capture(model, kv) if graphs else None)
        self.threads = threads = torch.get_num_threads() if self.device.type == "cpu" else 0  # this thread's
        using = f"{self.path.description}, {threads} threads" if threads else self.path.description
        if self.runner.graphs is not None:
            using += f", decode in CUDA graphs (batch {', '.join(map(str, self.runner.graphs.buckets))})"
        print(f"engine: {self.model_name} on {self.device}: {using}", file=sys.stderr, flush=True)
        drafter = self._custom_drafter or self._make_drafter(model)
        if drafter is not None:
            self.speculator = Speculator(drafter, o.num_draft, o.max_seq_len, model.vocab.producible)
            self.speculator.calibrate(self.runner, o.max_batch)
        self._warm_up()

    def _capture(self, model: Model, kv: KVCache) -> DecodeGraphs | None:
        """The decode step's CUDA graphs; a capture that fails costs speed, not the engine: decode eagerly."""
        try:
            return DecodeGraphs(model, kv, self.options.max_batch)
        except Exception as e:
            print(f"engine: CUDA graphs not captured ({e!r}); decoding eagerly", file=sys.stderr, flush=True)
            return None

    def _build(self, config: ModelConfig, model_dir) -> Model:
        """The model on this engine's path; int8 calibrates its outlier smoothing on a few chats first."""
        calibration = [self.tokenizer.encode_chat(chat) for chat in CALIBRATION_CHATS] if self.path.int8 else None
        vocab = self.vocab_ids
        cache = int8_cache_file(model_dir, vocab) if self.path.int8 else None
        model = Model(
            config, load_state_dict(model_dir), self.options.max_seq_len, self.dtype, self.device,
            self.single_row_dtype, int8_calibration=calibration, int8_cache=cache, vocab=vocab,
        )  # fmt: skip
        if cache is not None and cache.is_file():  # this start's cache (read or just written): older ones go
            for old in stale_caches(cache):
                print(f"engine: removing a stale int8 cache, {old}", file=sys.stderr, flush=True)
                old.unlink(missing_ok=True)
        return model

    def _warm_up(self) -> None:
        """Two short requests through the real step loop before the first caller's: the first forwards of
        each shape pay for allocations and kernel selection (measured: a fresh engine's first reply took
        ~2x a warm one's TTFT), and a user's first turn should not; nor for the end-of-turn score's tokens."""
        self.tokenizer.sentence_end_ids  # noqa: B018 -- built once over the vocabulary (0.6 s for Qwen's)
        prompt = self.tokenizer.encode_chat([{"role": "user", "content": "Hello! How are you today?"}])
        params = SamplingParams(max_tokens=4, ignore_eos=True)
        seqs = [
            Sequence(-1 - i, list(prompt), params, lambda _: None, IncrementalDetokenizer(self.tokenizer, prompt),
                     make_generator(0, self.device))
            for i in range(min(2, self.options.max_batch))
        ]  # fmt: skip
        self._in_flight += len(seqs)
        for seq in seqs:
            self.scheduler.add(seq)
        while self.scheduler.has_work():
            batch = self.scheduler.schedule()
            if batch is not None:
                self._step(batch)
        self.step_times.clear()

    def _make_drafter(self, model: Model) -> Drafter | None:
        o, c = self.options, self.config
        if o.speculation == "ngram":
            return NgramDrafter()
        if o.speculation == "self":
            layers = o.self_draft_layers or c.num_layers // 2
            ids = list(range(min(layers, c.num_layers))) if isinstance(layers, int) else sorted(layers)
            if not all(0 <= i < c.num_layers for i in ids):
                raise EngineError(f"self_draft_layers {layers!r} must name layers 0..{c.num_layers - 1}")
            return ModelDrafter(model, self.runner.kv, self.device, o.prefill_chunk, ids, shared=True, prior=0.5)
        if o.speculation == "draft":
            draft_dir = resolve_model(o.draft_model)
            dc = ModelConfig.from_hf(load_config(draft_dir))
            same_vocab = load_tokenizer(draft_dir).tok.get_vocab() == self.tokenizer.tok.get_vocab()
            if dc.vocab_size != c.vocab_size or not same_vocab:
                raise EngineError(
                    f"draft model {o.draft_model!r} does not share the target's tokenizer; "
                    "pick a draft model of the same family (e.g. qwen2.5-coder-0.5b for qwen2.5-coder-1.5b)"
                )
            draft = self._build(dc, draft_dir)
            kv = KVCache.allocate(
                dc.num_layers, o.max_batch, dc.num_kv_heads, o.max_seq_len, dc.head_dim, self.dtype, self.device
            )
            return ModelDrafter(draft, kv, self.device, o.prefill_chunk)
        return None

    # ---- asyncio API ------------------------------------------------------------------------------

    def generate(
        self,
        messages: list[dict[str, str]],
        params: SamplingParams | None = None,
        cache_key: str | None = None,
        end_of_turn: bool = False,
        reply_start: str = "",
    ) -> AsyncIterator[Delta]:
        """Stream the assistant's reply to a chat. Closing/cancelling the iterator aborts the request.

        cache_key: the conversation this request belongs to. Its KV stays cached after the request, and
        the key's next request computes only the tokens after their common prefix; `forget` frees it.
        end_of_turn: the first delta's `probs` also tell how likely the last message was complete where its
        words stop (see `end_of_turn`), read off this request's own prefill: a reply started early and
        the decision whether to release it cost one prefill. Empty when it cannot be scored.
        reply_start: the reply's first words, written for the model: it continues from them (a story asked
        for starts "Once upon a time,"; voicebot/entertain.py). The deltas hold only what follows them.
        """
        ids = self.tokenizer.encode_chat(messages)
        if reply_start:
            ids += self.tokenizer.encode(reply_start, add_special_tokens=False)
        params = params or SamplingParams()
        if end_of_turn:
            open_ids, end = self.tokenizer.encode_open_turn(_unpunctuated(messages))
            if end is not None and ids[: len(open_ids)] == open_ids:
                params = replace(params, probs_of=self._enders(end), probs_at=len(open_ids) - 1)
        return self.generate_ids(ids, params, cache_key)

    async def end_of_turn(
        self, messages: list[dict[str, str]], cache_key: str | None = None, background: bool = False
    ) -> float | None:
        """How likely the last message is complete where its words stop: the probability the model puts,
        right after them, on ending it (the template's end-of-message token, or a sentence-final . ? !, as
        models trained on written chats end a message with punctuation). The message's own final
        punctuation is ignored: an ASR writes one at every cut. None when the template closes a message
        with no single stop token.

        With the conversation's cache_key this costs only the new message's tokens: the history is cached,
        and a reply that follows reuses this prefix too. `background` for a call that only warms that cache
        (SamplingParams.background)."""
        ids, end = self.tokenizer.encode_open_turn(_unpunctuated(messages))
        if end is None:
            return None
        params = SamplingParams(max_tokens=1, probs_of=self._enders(end), background=background)
        async for delta in self.generate_ids(ids, params, cache_key):
            if delta.probs:
                return end_probability(delta.probs)
        raise EngineError("the engine finished a scoring request without its probability")

    def _enders(self, end: int) -> tuple[int, ...]:
        return tuple(dict.fromkeys([end, *self.tokenizer.sentence_end_ids]))

    async def generate_ids(
        self, prompt_ids: list[int], params: SamplingParams | None = None, cache_key: str | None = None
    ) -> AsyncIterator[Delta]:
        """Stream the continuation of raw prompt ids (tests and benchmarks)."""
        loop = asyncio.get_running_loop()
        out: asyncio.Queue = asyncio.Queue()

        def emit(item: object) -> None:
            with contextlib.suppress(RuntimeError):  # the consumer's loop is closed: nobody listens
                loop.call_soon_threadsafe(out.put_nowait, item)

        seq = self._submit(list(prompt_ids), params or SamplingParams(), emit, cache_key)
        done = False
        try:
            while not done:
                item = await out.get()
                if isinstance(item, BaseException):
                    done = True
                    raise item
                done = item.finish_reason is not None
                yield item
        finally:
            if not done:
                self._inbox.put(("abort", seq))

    def stats(self) -> dict[str, int]:
        """A snapshot for tests and monitoring (read without locking: values may be one step old).

        cached_sessions: parked slots holding a finished request's KV; reused_tokens: prompt tokens not
        computed thanks to them. spec_proposed / spec_accepted: draft tokens verified / kept; spec_rows:
        row-steps that speculated."""
        s, sp = self.scheduler, self.speculator
        return {
            "running": len(s.running),
            "waiting": len(s.waiting),
            "free_slots": len(s.free_slots),
            "cached_sessions": len(s.parked),
            "reused_tokens": s.reused_tokens,
            "in_flight": self._in_flight,
            "spec_proposed": sp.proposed if sp else 0,
            "spec_accepted": sp.accepted if sp else 0,
            "spec_rows": sp.verify_rows if sp else 0,
        }

    def close(self) -> None:
        """Stop the engine thread; pending requests end with EngineError. Idempotent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._inbox.put(("close", None))
        self._thread.join()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- engine thread ----------------------------------------------------------------------------

    def forget(self, cache_key: str) -> None:
        """Free a conversation's cached KV (its session ended). Requests still running are unaffected."""
        with self._lock:
            if not self._closed:
                self._inbox.put(("forget", cache_key))

    def _submit(self, prompt_ids: list[int], params: SamplingParams, emit, cache_key: str | None) -> Sequence:
        o = self.options
        if not prompt_ids:
            raise EngineError("the prompt is empty")
        if len(prompt_ids) >= o.max_seq_len:
            raise EngineError(f"the prompt has {len(prompt_ids)} tokens; max_seq_len is {o.max_seq_len}")
        with self._lock:
            if self._closed:
                raise EngineError("the engine is closed")
            if self._in_flight >= o.max_batch + o.max_queue:
                raise EngineOverloadedError(
                    f"engine overloaded: {o.max_batch} requests running and {o.max_queue} waiting "
                    "(raise max_batch/max_queue or retry later)"
                )
            seq = Sequence(
                id=next(self._ids),
                tokens=prompt_ids,
                params=params,
                emit=emit,
                detok=IncrementalDetokenizer(self.tokenizer, prompt_ids),
                generator=make_generator(params.seed, self.device),
                cache_key=cache_key,
            )
            self._in_flight += 1
            self._inbox.put(("add", seq))  # under the lock, so it is queued before any close command
        return seq

    def _run(self) -> None:
        try:
            self._load()
        except BaseException as e:
            self._load_error = e
            return
        finally:
            self._loaded.set()
        self._loop()

    def _loop(self) -> None:
        while self._drain_inbox(block=not self.scheduler.has_work()):
            batch = self.scheduler.schedule()
            if batch is None:
                continue
            with self.step_gate():
                t0 = time.perf_counter()
                try:
                    out = self._step(batch)
                except Exception as e:  # a failed step fails only the request(s) that fail alone
                    out = self._step_apart(batch, e)
                self.step_times.append(time.perf_counter() - t0)
            for seq, delta in out:  # after the step is recorded: a caller woken by its last token sees it
                seq.emit(delta)

    def _step_apart(self, batch: Batch, error: Exception) -> list[tuple[Sequence, Delta]]:
        """A batched step failed: run its requests one by one, so a request whose step fails (bad input, a
        bug that only its tokens reach) fails alone and the rest of the batch goes on. Nothing of the failed
        step was counted (num_computed moves only after a forward), so running again is safe."""
        rows = [Batch([s], [], [s], batch.copies) for s in batch.group]  # copies are idempotent
        rows += [Batch([], [(c, n)], [c] if c in batch.sampled else [], batch.copies) for c, n in batch.chunks]
        out: list[tuple[Sequence, Delta]] = []
        for one in rows:
            seq = (one.group or [c for c, _ in one.chunks])[0]
            if seq.finish_reason is not None:  # it ended in the failed step, whose deltas were never handed out
                seq.emit(EngineError(f"generation failed: {error!r}"))
                continue
            if len(rows) == 1:  # it was alone: the failure was its own
                self._release(seq, EngineError(f"generation failed: {error!r}"))
                continue
            try:
                out += self._step(one)
            except Exception as e:
                self._release(seq, EngineError(f"generation failed: {e!r}"))
        return out

    def _step(self, batch: Batch) -> list[tuple[Sequence, Delta]]:
        """One forward; returns the deltas to hand out (the caller does, once the step is over)."""
        sp = self.speculator
        t_plan = time.perf_counter()
        drafts = sp.plan(batch.group) if sp is not None and batch.group else None
        t0 = time.perf_counter()
        new = self.runner.run(batch, drafts, self.pause_point)
        if sp is not None and not batch.chunks:
            self._record_costs(sp, drafts, len(batch.group), t_plan, t0)
        drafted = dict(zip(batch.group, map(len, drafts), strict=True)) if drafts else {}
        out: list[tuple[Sequence, Delta]] = []
        for c, _ in batch.chunks:
            if c.probs and c not in batch.sampled:  # a score read off the prompt's middle: the caller
                out.append((c, Delta("", [], None, c.probs)))  # decides on it before the rest is prefilled
                c.probs = ()
        for seq, tokens in zip(batch.sampled, new, strict=True):
            try:
                if sp is not None and seq in drafted:
                    sp.observe(seq, drafted[seq], tokens)
                delta = self._take(seq, tokens)
            except Exception as e:  # after the forward (whose KV is counted): this request fails alone
                self._release(seq, EngineError(f"generation failed: {e!r}"))
                continue
            if delta.finish_reason:
                self._release(seq)  # before the last delta, so the caller's next request finds the slot free
            out.append((seq, delta))
        return out

    def _record_costs(
        self, sp: Speculator, drafts: list[list[int]] | None, rows: int, t_plan: float, t0: float
    ) -> None:
        """What the step cost, for the speculator's draft-length choice. Bookkeeping, after a forward that
        succeeded: a fault here keeps the step's tokens and is reported once (it used to fail the step, and
        the re-run failed every request in it)."""
        t1 = time.perf_counter()
        try:
            sp.costs.record(rows + sum(map(len, drafts or [])), t1 - t0)  # each row: its token and its drafts
            sp.record_step(any(drafts or []), t1 - t_plan)
        except Exception as e:
            if not self._cost_fault_reported:
                self._cost_fault_reported = True
                print(f"engine: speculation cost bookkeeping failed ({e!r}); tokens kept", file=sys.stderr)

    def _take(self, seq: Sequence, tokens: list[int]) -> Delta:
        """A step's new tokens of one request as one delta (a verify step may bring several)."""
        deltas = []
        for token in tokens:
            deltas.append(seq.append(token, self.tokenizer.stop_ids, self.options.max_seq_len))
            if seq.finish_reason:
                break
        text, ids = "".join(d.text for d in deltas), [t for d in deltas for t in d.token_ids]
        delta, seq.probs = Delta(text, ids, seq.finish_reason, seq.probs), ()
        return delta

    def _drain_inbox(self, block: bool) -> bool:
        """Apply queued commands; wait for one when idle. False once closed."""
        while True:
            try:
                cmd, seq = self._inbox.get(block=block)
            except queue.Empty:
                return True
            block = False
            if cmd == "add":
                self.scheduler.add(seq)
            elif cmd == "abort":
                if seq.finish_reason is None:
                    self._release(seq)
            elif cmd == "forget":
                self.scheduler.forget(seq)  # here `seq` is the cache key
            else:
                for s in [*self.scheduler.running, *self.scheduler.waiting]:
                    self._release(s, EngineError("the engine was closed"))
                return False

    def _release(self, seq: Sequence, error: Exception | None = None) -> None:
        if error is not None:
            seq.emit(error)
        seq.finish_reason = seq.finish_reason or "abort"
        self.scheduler.finish(seq, keep=error is None)
        if self.speculator is not None:
            self.speculator.release(seq)
        with self._lock:
            self._in_flight -= 1
