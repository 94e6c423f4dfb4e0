"""Build tiny, randomly initialised Coqui models for the Coqui backend's tests and bench.

Run by the Coqui venv's python (it needs `TTS`, which the main venv does not have):

    .venv-coqui/bin/python tests/coqui_tiny_model.py OUT_DIR [--variant vits|mismatch|glow_tts] [--sample-rate HZ]

No Coqui weights can be downloaded here, so the models are built with Coqui's own config and model
classes and saved the way Coqui saves them: `config.json` (the full config, characters included, so the
tokenizer is rebuilt identically) and a checkpoint `model.pth` holding `{"model": state_dict}`.

variants:
  vits      a VITS small enough to load in a second (graphemes, no phonemizer, no discriminator)
  mismatch  the same config.json with a checkpoint of a wider VITS: load_state_dict must refuse it
  glow_tts  a real Coqui model type the backend does not run (it needs a separate vocoder)
  xtts      an XTTS with a one-layer GPT, a character vocab.json and one speaker in speakers_xtts.pth:
            random, so it babbles until gpt_max_audio_tokens, but through the real streaming path
"""

from __future__ import annotations

import argparse
import string
from pathlib import Path

import torch
from tokenizers import Tokenizer
from tokenizers.models import BPE
from TTS.config.shared_configs import BaseAudioConfig
from TTS.tts.configs.glow_tts_config import GlowTTSConfig
from TTS.tts.configs.vits_config import VitsConfig
from TTS.tts.configs.xtts_config import XttsArgs, XttsConfig
from TTS.tts.layers.xtts.tokenizer import VoiceBpeTokenizer
from TTS.tts.models.glow_tts import GlowTTS
from TTS.tts.models.vits import Vits, VitsArgs
from TTS.tts.models.xtts import Xtts


def tiny_vits_config(sample_rate: int, hidden: int = 16) -> VitsConfig:
    args = VitsArgs(
        hidden_channels=hidden,
        hidden_channels_ffn_text_encoder=2 * hidden,
        num_heads_text_encoder=2,
        num_layers_text_encoder=1,
        num_layers_posterior_encoder=1,
        num_layers_flow=1,
        resblock_kernel_sizes_decoder=[3],
        resblock_dilation_sizes_decoder=[[1, 3, 5]],
        upsample_initial_channel_decoder=32,
        use_sdp=False,
        init_discriminator=False,
    )
    return VitsConfig(
        model_args=args,
        audio=BaseAudioConfig(sample_rate=sample_rate),
        use_phonemes=False,  # graphemes: no espeak needed
        text_cleaner="english_cleaners",
        add_blank=True,
    )


def save(model: torch.nn.Module, config_json: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(config_json, encoding="utf-8")
    torch.save({"model": model.state_dict()}, out / "model.pth")


def build_xtts(out: Path) -> None:
    """XTTS loads model.pth, vocab.json and speakers_xtts.pth from its directory."""
    out.mkdir(parents=True, exist_ok=True)
    chars = string.ascii_lowercase + string.digits + ".,!?'-:;"
    vocab = {tok: i for i, tok in enumerate(["[STOP]", "[UNK]", "[SPACE]", "[START]", "[en]", *chars])}
    tok = Tokenizer(BPE(vocab=vocab, merges=[], unk_token="[UNK]"))  # no merges: one token per character
    tok.add_special_tokens(["[STOP]", "[UNK]", "[SPACE]", "[START]", "[en]"])
    tok.save(str(out / "vocab.json"))
    width = 64
    args = XttsArgs(gpt_layers=1, gpt_n_model_channels=width, gpt_n_heads=2, decoder_input_dim=width,
                    gpt_max_audio_tokens=48, gpt_max_text_tokens=200)
    config = XttsConfig(model_args=args, languages=["en"])
    model = Xtts(config)
    model.tokenizer = VoiceBpeTokenizer(vocab_file=str(out / "vocab.json"))
    model.init_models()  # the GPT is built only once the tokenizer is known
    torch.save({"model": model.state_dict()}, out / "model.pth")
    speaker = {"gpt_cond_latent": torch.randn(1, 32, width), "speaker_embedding": torch.randn(1, 512, 1)}
    torch.save({"tiny": speaker}, out / "speakers_xtts.pth")
    (out / "config.json").write_text(config.to_json(), encoding="utf-8")


def build(out: Path, variant: str, sample_rate: int) -> None:
    torch.manual_seed(0)
    if variant == "xtts":
        build_xtts(out)
        return
    if variant == "glow_tts":
        config = GlowTTSConfig(use_phonemes=False, text_cleaner="english_cleaners", hidden_channels_enc=32,
                               hidden_channels_dec=32, hidden_channels_dp=32, num_flow_blocks_dec=2)
        glow = GlowTTS(config)
        save(glow, glow.config.to_json(), out)
        return
    model = Vits(tiny_vits_config(sample_rate))  # model.config gains the characters its tokenizer uses
    if variant == "mismatch":
        wider = Vits(tiny_vits_config(sample_rate, hidden=24))
        save(wider, model.config.to_json(), out)
        return
    save(model, model.config.to_json(), out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--variant", choices=["vits", "mismatch", "glow_tts", "xtts"], default="vits")
    ap.add_argument("--sample-rate", type=int, default=22050)
    a = ap.parse_args()
    build(a.out, a.variant, a.sample_rate)


if __name__ == "__main__":
    main()
