"""Engine and per-request options: small frozen dataclasses with documented, validated defaults."""

from __future__ import annotations

from dataclasses import dataclass

_DEVICES = ("auto", "cpu", "cuda")
_DTYPES = ("auto", "float32", "float16", "bfloat16", "int8")
_SPECULATION = ("none", "ngram", "draft", "self")
_VOCABULARIES = ("speakable", "full")


@dataclass(frozen=True)
class EngineOptions:
    """How the engine loads and runs a model.

    model: a built-in name (``qwen2.5-coder-0.5b``, the default; ``smollm2-135m`` for tiny machines and
        tests; ``qwen2.5-coder-1.5b``), a path to a ``.gguf`` file, or a HF-style directory (config.json +
        *.safetensors + tokenizer.json).
    device: ``auto`` picks CUDA when available, else CPU.
    dtype: ``auto`` on CPU is ``int8`` (int8 weights via fbgemm, fp32 activations: engine/quant.py) where the
        CPU has AVX2, else fp32; a half dtype the CPU would emulate runs as fp32 (engine/cpu.py). On CUDA
        ``auto`` is bfloat16. ``float32`` is exact and what tests use.
    max_batch: concurrent requests decoded together (KV-cache slots).
    max_seq_len: prompt + generated tokens per request (KV-cache length).
    prefill_chunk: most prompt tokens computed in one step, so a long prompt never stalls decoding.
    background_chunk: most prompt tokens of a background request (`SamplingParams.background`) in one step:
        a step is never longer than that for whoever waits behind it (measured on 2 AVX2 cores beside a
        streaming reply: a 256-token chunk step 0.8 s, 32 tokens 0.13 s; the warm-up itself 10-17 % slower).
    threads: torch CPU threads; None uses every core.
    max_queue: requests allowed to wait for a slot; one more raises EngineOverloadedError.
    speculation: how draft tokens are proposed for the target to verify in one pass (output is unchanged:
        greedy replies are identical, sampled ones follow the target's distribution exactly):
        ``none``; ``ngram`` (continue a match of the last 1-3 tokens in the request's own prompt+reply: free,
        shines when the reply repeats its input); ``draft`` (a smaller model with the same tokenizer,
        ``draft_model``); ``self`` (this model with only ``self_draft_layers`` layers, sharing its weights
        and KV cache). The draft length is adapted per request from measured acceptance and step costs
        (0 included), so speculation should never be slower than plain decoding.
    num_draft: the most draft tokens per request per step (k).
    draft_model: the model spec for ``speculation="draft"`` (same forms as ``model``).
    self_draft_layers: layers the self-draft runs: an int N = the first N layers (early exit), or a tuple
        of layer indices; None = the first half.
    cuda_graphs: on CUDA, replay plain decode steps as CUDA graphs captured at load, one per batch-size
        bucket (engine/cuda_graphs.py): a small model's step is otherwise bound by kernel launches. Ignored
        on CPU; False to bisect a suspected capture bug.
    vocabulary: "speakable": the model may produce only tokens a voice can say (Latin script, digits,
        punctuation, common symbols) and the ones that end a reply (engine/vocab.py): no Chinese or emoji
        mid-reply, and a third fewer lm_head rows to compute for Qwen. "full": every token (a text server).
    """

    model: str = "qwen2.5-coder-0.5b"
    device: str = "auto"
    dtype: str = "auto"
    max_batch: int = 8
    max_seq_len: int = 2048
    prefill_chunk: int = 256
    background_chunk: int = 32
    threads: int | None = None
    max_queue: int = 32
    speculation: str = "none"
    num_draft: int = 4
    draft_model: str | None = None
    self_draft_layers: int | tuple[int, ...] | None = None
    cuda_graphs: bool = True
    vocabulary: str = "speakable"

    def __post_init__(self) -> None:
        if self.device not in _DEVICES:
            raise ValueError(f"EngineOptions.device must be one of {_DEVICES}, got {self.device!r}")
        if self.dtype not in _DTYPES:
            raise ValueError(f"EngineOptions.dtype must be one of {_DTYPES}, got {self.dtype!r}")
        for name in ("max_batch", "max_seq_len", "prefill_chunk", "background_chunk"):
            if getattr(self, name) < 1:
                raise ValueError(f"EngineOptions.{name} must be >= 1, got {getattr(self, name)}")
        if self.max_seq_len < 2:
            raise ValueError("EngineOptions.max_seq_len must leave room for a prompt and one new token")
        if self.max_queue < 0:
            raise ValueError(f"EngineOptions.max_queue must be >= 0, got {self.max_queue}")
        if self.threads is not None and self.threads < 1:
            raise ValueError(f"EngineOptions.threads must be None or >= 1, got {self.threads}")
        if not isinstance(self.cuda_graphs, bool):
            raise ValueError(f"EngineOptions.cuda_graphs must be true or false, got {self.cuda_graphs!r}")
        if self.vocabulary not in _VOCABULARIES:
            raise ValueError(f"EngineOptions.vocabulary must be one of {_VOCABULARIES}, got {self.vocabulary!r}")
        if self.speculation not in _SPECULATION:
            raise ValueError(f"EngineOptions.speculation must be one of {_SPECULATION}, got {self.speculation!r}")
        if not 1 <= self.num_draft <= 16:
            raise ValueError(f"EngineOptions.num_draft must be in 1..16, got {self.num_draft}")
        if (self.speculation == "draft") != (self.draft_model is not None):
            raise ValueError("EngineOptions.draft_model is required by, and only used with, speculation='draft'")
        layers = self.self_draft_layers
        if isinstance(layers, list):
            object.__setattr__(self, "self_draft_layers", layers := tuple(layers))
        if (isinstance(layers, int) and layers < 1) or (isinstance(layers, tuple) and not layers):
            raise ValueError(f"EngineOptions.self_draft_layers must be >= 1 layer, got {layers!r}")


@dataclass(frozen=True)
class SamplingParams:
    """How one request is decoded.

    max_tokens: most new tokens (the request also ends at max_seq_len).
    temperature: 0 means greedy (argmax); otherwise logits are divided by it before sampling.
    top_p: nucleus sampling; keep the smallest set of tokens whose probability reaches top_p.
    seed: seeds this request's own generator, so a sampled reply is reproducible; None draws one.
    stop: strings that end the reply; the matched string is not returned.
    ignore_eos: keep generating past end-of-sequence tokens (benchmarks need fixed lengths).
    probs_of: token ids whose probability is reported with the first delta (`Delta.probs`): at the first
        new position, or after prompt token `probs_at`. A score read off the prefill, e.g. how likely the
        user's message was complete where it stopped (voicebot's turn-taking), at no extra cost.
    probs_at: the prompt position whose next-token distribution `probs_of` reads (None: the prompt's end).
    background: nobody waits for this request yet (warming a session's cache): it gets a batch slot after
        every waiting foreground request, and its prompt is computed in small chunks
        (`EngineOptions.background_chunk`) after any foreground prompt: a reply waits one short step at most.
    soft_max_tokens: past this many new tokens the reply ends where a sentence does (before the first token
        of the next one), so a long answer is not cut mid-sentence; `max_tokens` still bounds it.
    ban_first: token ids the reply may not start with (voicebot asks again without the start of a canned
        refusal this way: the model's next-best opening, not a reply forced on it).
    """

    max_tokens: int = 128
    temperature: float = 0.0
    top_p: float = 1.0
    seed: int | None = None
    stop: tuple[str, ...] = ()
    ignore_eos: bool = False
    probs_of: tuple[int, ...] = ()
    probs_at: int | None = None
    background: bool = False
    soft_max_tokens: int | None = None
    ban_first: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.max_tokens < 1:
            raise ValueError(f"SamplingParams.max_tokens must be >= 1, got {self.max_tokens}")
        if not 0 <= self.temperature <= 100:  # also rejects inf and nan
            raise ValueError(f"SamplingParams.temperature must be in [0, 100], got {self.temperature}")
        if not 0 < self.top_p <= 1:
            raise ValueError(f"SamplingParams.top_p must be in (0, 1], got {self.top_p}")
        if isinstance(self.stop, str):
            raise ValueError("SamplingParams.stop must be a tuple of strings, not one string")
        object.__setattr__(self, "stop", tuple(self.stop))
        if not all(isinstance(s, str) and s for s in self.stop):
            raise ValueError("SamplingParams.stop must be a tuple of non-empty strings")
        object.__setattr__(self, "probs_of", tuple(self.probs_of))
        if not all(isinstance(t, int) and t >= 0 for t in self.probs_of):
            raise ValueError("SamplingParams.probs_of must be token ids (ints >= 0)")
        if self.probs_at is not None and (self.probs_at < 0 or not self.probs_of):
            raise ValueError("SamplingParams.probs_at must be a prompt position >= 0, and needs probs_of")
        object.__setattr__(self, "ban_first", tuple(self.ban_first))
        if not all(isinstance(t, int) and t >= 0 for t in self.ban_first):
            raise ValueError("SamplingParams.ban_first must be token ids (ints >= 0)")
        if self.soft_max_tokens is not None and not 1 <= self.soft_max_tokens <= self.max_tokens:
            raise ValueError(f"SamplingParams.soft_max_tokens must be in [1, max_tokens], got {self.soft_max_tokens}")
