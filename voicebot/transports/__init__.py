"""Live ways to talk to a session: a local microphone and speaker, or a browser over WebRTC."""
