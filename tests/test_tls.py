"""https for `voicebot serve` (voicebot/transports/tls.py): the self-signed certificate is made once and
reused, a client that trusts it connects by each name it gives, and every bad certificate or key is one
clear line naming the file. The browser over https: tests/test_browser.py."""

from __future__ import annotations

import asyncio
import re
import socket
import ssl
from pathlib import Path

import pytest
from aiohttp import web
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from voicebot import cli
from voicebot.config import load_config
from voicebot.errors import ConfigError, VoicebotError
from voicebot.transports import tls


def _names(cert: Path) -> set[str]:
    san = x509.load_pem_x509_certificate(cert.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName
    )
    return {str(v) for v in san.value.get_values_for_type(x509.DNSName)} | {
        str(v) for v in san.value.get_values_for_type(x509.IPAddress)
    }


def test_the_self_signed_certificate_is_reused_while_it_names_the_host_and_made_again_when_not(tmp_path) -> None:
    cert, key = tls.self_signed(["localhost", "127.0.0.1", "voicebot.test"], tmp_path)
    first = cert.read_bytes()
    assert _names(cert) == {"localhost", "127.0.0.1", "voicebot.test"}
    assert key.stat().st_mode & 0o077 == 0, "the private key is readable by others"

    again, _ = tls.self_signed(["voicebot.test", "127.0.0.1"], tmp_path)  # a subset: the same certificate
    assert again.read_bytes() == first  # so a browser's accepted exception still holds after a restart

    tls.self_signed(["localhost", "10.1.2.3"], tmp_path)  # served on a new address: a new certificate
    assert cert.read_bytes() != first and "10.1.2.3" in _names(cert)


def test_a_certificate_about_to_expire_is_made_again(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(tls, "VALID_DAYS", tls.RENEW_DAYS - 1)
    cert, _ = tls.self_signed(["localhost"], tmp_path)
    short = cert.read_bytes()
    monkeypatch.setattr(tls, "VALID_DAYS", 825)
    tls.self_signed(["localhost"], tmp_path)
    assert cert.read_bytes() != short


def test_an_unreadable_kept_certificate_is_replaced(tmp_path) -> None:
    cert, key = tls.self_signed(["localhost"], tmp_path)
    cert.write_text("garbage")
    tls.self_signed(["localhost"], tmp_path)
    tls.server_context(cert, key)  # usable again


async def test_a_client_that_trusts_the_certificate_connects_by_name_and_by_address(tmp_path) -> None:
    cert, key = tls.self_signed(tls.names_for("127.0.0.1"), tmp_path)
    app = web.Application()

    async def hello(_: web.Request) -> web.Response:
        return web.Response(text="hello")

    app.router.add_get("/", hello)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=tls.server_context(cert, key))
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        trusting = ssl.create_default_context(cafile=str(cert))
        for name in ("127.0.0.1", "localhost"):
            reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=trusting, server_hostname=name)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert (await reader.read()).endswith(b"hello")
            writer.close()
        with pytest.raises(ssl.SSLCertVerificationError):  # a name it does not carry is refused
            await asyncio.open_connection("127.0.0.1", port, ssl=trusting, server_hostname="elsewhere.test")
    finally:
        await runner.cleanup()


def test_the_names_cover_localhost_this_machine_and_the_served_address() -> None:
    assert {"localhost", "127.0.0.1", "192.168.7.9"} <= set(tls.names_for("192.168.7.9"))
    me = socket.gethostname()
    assert me in tls.names_for("127.0.0.1") and ("." in me or f"{me}.local" in tls.names_for("127.0.0.1"))
    wildcard = tls.names_for("0.0.0.0")
    assert "0.0.0.0" not in wildcard and (tls.lan_address() or "127.0.0.1") in wildcard


def _encrypted_key(key: Path, out: Path) -> Path:
    pem = serialization.load_pem_private_key(key.read_bytes(), None).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(b"secret"),
    )
    out.write_bytes(pem)
    return out


def test_each_bad_certificate_or_key_is_one_line_naming_the_file(tmp_path) -> None:
    cert, key = tls.self_signed(["localhost"], tmp_path / "a")
    other_cert, other_key = tls.self_signed(["localhost"], tmp_path / "b")
    text = tmp_path / "notes.txt"
    text.write_text("not a certificate\n")
    cases = {
        (tmp_path / "missing.pem", key): f"server.tls_cert: {tmp_path / 'missing.pem'} is not a file",
        (cert, tmp_path / "missing.key"): f"server.tls_key: {tmp_path / 'missing.key'} is not a file",
        (text, key): f"server.tls_cert: {text} is not a PEM certificate",
        (cert, text): f"server.tls_key: {text} is not a PEM private key",
        (cert, other_key): f"server.tls_key: {other_key} does not match the certificate",
        (cert, _encrypted_key(key, tmp_path / "enc.key")): "is encrypted; give an unencrypted key",
    }
    for (c, k), message in cases.items():
        with pytest.raises(VoicebotError) as raised:
            tls.server_context(c, k)
        assert message in str(raised.value) and "\n" not in str(raised.value), str(raised.value)
    assert tls.fingerprint(cert) != tls.fingerprint(other_cert)
    assert len(tls.fingerprint(cert).split(":")) == 32


def test_config_and_flags_for_https(tmp_path, capsys) -> None:
    with pytest.raises(ConfigError, match=re.escape("needs server.tls_cert and server.tls_key")):
        load_config(None, {"server.https": "files", "server.tls_cert": "c.pem"})
    with pytest.raises(ConfigError, match=re.escape("only with server.https 'files'")):
        load_config(None, {"server.tls_cert": "c.pem", "server.tls_key": "k.pem"})
    assert load_config(None).server.https == "off"
    config = tmp_path / "https.yaml"
    for bare, mode in (("off", "off"), ("on", "self_signed"), ("self_signed", "self_signed")):
        config.write_text(f"server:\n  https: {bare}\n")  # YAML reads a bare off / on as a boolean
        assert load_config(config).server.https == mode

    assert cli.main(["serve", "--tls-cert", "c.pem"]) == 2
    assert "--tls-cert and --tls-key go together" in capsys.readouterr().err
    # a bad certificate fails at once, before seconds of model loading
    missing = tmp_path / "nope.pem"
    assert cli.main(["serve", "--tls-cert", str(missing), "--tls-key", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == f"voicebot: error: server.tls_cert: {missing} is not a file"


def test_a_certificate_that_cannot_be_kept_is_one_line(tmp_path, monkeypatch) -> None:
    from voicebot.config import ServerConfig
    from voicebot.transports.server import https_context

    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("VOICEBOT_CACHE", str(blocked))  # the cache "directory" is a file: mkdir fails
    with pytest.raises(VoicebotError, match="cannot keep the https certificate in"):
        https_context(ServerConfig(https="self_signed"), "127.0.0.1")
    monkeypatch.setenv("VOICEBOT_CACHE", str(tmp_path / "cache"))
    context, note = https_context(ServerConfig(https="self_signed"), "127.0.0.1")
    assert context is not None and "SHA-256" in note and (tmp_path / "cache" / "tls" / "self-signed.pem").is_file()
