"""The speakable vocabulary (engine/vocab.py): what it keeps, and that the model then says only that."""

from __future__ import annotations

import pytest
import torch

from engine.bench_quant import greedy
from engine.kv_cache import KVCache
from engine.model import AttentionMeta, Model, ModelConfig
from engine.tokenizer import Tokenizer
from engine.vocab import Vocab, speakable, speakable_ids, token_text
from engine.weights import load_config, load_state_dict, resolve_model


@pytest.fixture(scope="module")
def qwen() -> tuple[Tokenizer, ModelConfig, dict[str, torch.Tensor]]:
    model_dir = resolve_model("qwen2.5-coder-0.5b")
    return Tokenizer.from_dir(model_dir), ModelConfig.from_hf(load_config(model_dir)), load_state_dict(model_dir)


def test_speakable_ids_keep_latin_text_and_the_reply_ends_only(qwen) -> None:
    tok, config, _ = qwen
    kept = set(speakable_ids(tok, config.vocab_size))
    for text in (" The capital of France is Paris.", " café, naïve, 25 °C, 3 × 4, €5, π", "\n- one\n- two"):
        assert set(tok.encode(text)) <= kept, text
    for text in ("猫", "こんにちは", " Привет", "🙂", "안녕"):
        assert not set(tok.encode(text)) & kept, text
    assert tok.stop_ids <= kept
    assert tok.tok.token_to_id("<|im_start|>") not in kept  # a control token is not a word
    # byte-level pieces of a character: kept when the character would be (é's lead byte), not otherwise
    pieces = {i: token_text(t) for t, i in tok.tok.get_vocab().items() if len(token_text(t)) == 1}
    lead = {ord(s) - 0xDC00: i for i, s in pieces.items() if 0xDCC0 <= ord(s) <= 0xDCFF}
    assert lead[0xC3] in kept and lead[0xE7] not in kept  # "é" starts with C3; "猫" with E7
    assert len(kept) < 0.7 * config.vocab_size  # a third of Qwen's vocabulary is other scripts


def test_a_sentencepiece_vocabulary_is_judged_by_its_decoded_text() -> None:
    """Llama-style vocabularies mark a space with "▁" and spell rare characters in byte tokens."""
    from tokenizers import Tokenizer as RustTokenizer
    from tokenizers import decoders, models

    pieces = ["<unk>", "</s>", "▁Hello", "▁world", "▁世界", "<0xE4>", "é"]
    rust = RustTokenizer(models.BPE({p: i for i, p in enumerate(pieces)}, [], unk_token="<unk>", byte_fallback=True))
    rust.decoder = decoders.Sequence([decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse()])
    tok = Tokenizer(rust, {"eos_token": "</s>"})
    assert speakable_ids(tok, len(pieces)) == [0, 1, 2, 3, 5, 6]  # not "▁世界"; the byte piece is kept


def test_vocab_maps_columns_and_cuts_drafts() -> None:
    vocab = Vocab([2, 5, 7, 11], 12)
    assert len(vocab) == 4
    assert vocab.tokens(torch.tensor([3, 0])).tolist() == [11, 2]
    assert (vocab.column(7), vocab.column(6)) == (2, None)
    assert vocab.columns([5, 11]) == [1, 3]
    assert vocab.producible([5, 7, 6, 2]) == [5, 7]  # cut at the first token it cannot produce
    full = Vocab(None, 12)
    assert (len(full), full.column(6), full.column(12), full.producible([6, 1])) == (12, 6, None, [6, 1])


def test_logits_are_the_full_models_at_the_kept_columns(qwen) -> None:
    """Leaving rows out of the lm_head changes nothing else: each kept token's logit is the same."""
    tok, config, state = qwen
    ids = speakable_ids(tok, config.vocab_size)
    full = Model(config, state, 64, torch.float32, "cpu")
    some = Model(config, state, 64, torch.float32, "cpu", vocab=ids)
    prompt = tok.encode_chat([{"role": "user", "content": "What is two plus two?"}])
    n = len(prompt)
    out = []
    for model in (full, some):
        kv = KVCache.allocate(config.num_layers, 1, config.num_kv_heads, 64, config.head_dim, torch.float32, "cpu")
        meta = AttentionMeta(None, None, None, 0, 1).add_chunk(0, 0, n, "cpu")
        with torch.inference_mode():
            out.append(model.forward(torch.tensor(prompt), torch.arange(n), torch.zeros(n, dtype=torch.long), meta, kv))
    assert out[1].shape == (n, len(ids))
    torch.testing.assert_close(out[1], out[0][:, ids], atol=1e-4, rtol=1e-4)


def test_the_speakable_model_answers_in_words_the_voice_can_say(qwen) -> None:
    """Asked for another script, the full model writes it (the English voice would say nothing); the
    speakable one answers in Latin letters (greedy, fp32: the same weights, only the lm_head's rows)."""
    tok, config, state = qwen
    full = Model(config, state, 128, torch.float32, "cpu")
    some = Model(config, state, 128, torch.float32, "cpu", vocab=speakable_ids(tok, config.vocab_size))
    for question in ("Write the Chinese word for cat. Reply with the word only.", "Say hello in Russian."):
        prompt = tok.encode_chat([{"role": "user", "content": question}])
        said = tok.decode(greedy(full, config, prompt, 8, tok.stop_ids))
        assert not speakable(said), said
        said = tok.decode(greedy(some, config, prompt, 8, tok.stop_ids))
        assert said.strip() and speakable(said), said
