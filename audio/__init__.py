"""Model-facing audio code, plain and synchronous: io (decode/resample/write), vad (endpointing),
asr (Whisper fast path, LocalAgreement), tts (Piper streaming), chunker (text -> phrases), models
(locating weights in installed packages), wer (transcript checks), bench (latency figures)."""
