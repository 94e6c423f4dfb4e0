"""https for `voicebot serve`: browsers give a page the microphone only on https or localhost, so a phone or
another laptop on the LAN needs it.

Either the user's own certificate (`server.tls_cert` + `server.tls_key`, e.g. from their LAN's CA or
`mkcert`), or a self-signed one made once and kept under $VOICEBOT_CACHE/tls (default ~/.cache/voicebot):
the browser warns about it the first time, and because it is reused, an exception the user accepted
still holds after a restart. It is made again only when it no longer names the address being served or is
about to expire. The SHA-256 fingerprint is printed so the user can check it in the browser's warning.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
import ssl
from pathlib import Path

from voicebot.errors import VoicebotError

VALID_DAYS = 825  # the longest validity Apple's platforms accept for a TLS server certificate
RENEW_DAYS = 30  # made again when it expires sooner than this


def tls_dir() -> Path:
    from engine.weights import cache_root  # the one place that says where voicebot keeps its files

    return cache_root() / "tls"


def lan_address() -> str | None:
    """The address other machines on the LAN reach this one at (the route to a public address; no packet
    is sent), or None without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, but picks the outgoing interface
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("0.") else address


def names_for(host: str) -> list[str]:
    """What a certificate for `host` must name: the host itself (or, for a wildcard bind, this machine's
    LAN address), this machine's name (also as name.local, as mDNS announces it) and localhost."""
    me = socket.gethostname()
    names = ["localhost", "127.0.0.1", me, *([f"{me}.local"] if "." not in me else [])]
    if host in ("0.0.0.0", "::", ""):
        names.append(lan_address() or "127.0.0.1")
    else:
        names.append(host)
    return list(dict.fromkeys(names))


def _san(names: list[str]):  # type: ignore[no-untyped-def]
    from cryptography import x509

    entries: list[x509.GeneralName] = []
    for name in names:
        try:
            entries.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            entries.append(x509.DNSName(name))
    return x509.SubjectAlternativeName(entries)


def self_signed(names: list[str], directory: Path | None = None) -> tuple[Path, Path]:
    """A self-signed certificate and key (PEM files) naming `names`: the one kept in `directory` if it
    names all of them and is not about to expire, else a new one (ECDSA P-256)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    directory = tls_dir() if directory is None else directory
    cert_path, key_path = directory / "self-signed.pem", directory / "self-signed.key"
    now = dt.datetime.now(dt.UTC)
    if cert_path.exists() and key_path.exists():
        try:
            old = x509.load_pem_x509_certificate(cert_path.read_bytes())
            named = old.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
            wanted = set(_san(names))
            if wanted <= set(named) and old.not_valid_after_utc - now > dt.timedelta(days=RENEW_DAYS):
                return cert_path, key_path
        except (ValueError, x509.ExtensionNotFound):
            pass  # unreadable: made again below
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"voicebot on {socket.gethostname()}")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=VALID_DAYS))
        .add_extension(_san(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    directory.mkdir(parents=True, exist_ok=True)
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    tmp = key_path.with_suffix(".tmp")
    tmp.write_bytes(b"")
    tmp.chmod(0o600)  # the private key is never readable by others, not even for a moment
    tmp.write_bytes(key_pem)
    tmp.replace(key_path)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def fingerprint(cert_path: Path) -> str:
    """SHA-256 of the (first) certificate, as browsers show it (AB:CD:...)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    digest = x509.load_pem_x509_certificates(cert_path.read_bytes())[0].fingerprint(hashes.SHA256()).hex().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def _encrypted(path: Path):  # type: ignore[no-untyped-def]
    def ask() -> bytes:  # ssl would otherwise prompt on the terminal of a server
        raise VoicebotError(f"server.tls_key: {path} is encrypted; give an unencrypted key (chmod 600)")

    return ask


def server_context(cert_path: Path, key_path: Path) -> ssl.SSLContext:
    """An https server context, or one VoicebotError line naming the file and what is wrong with it."""
    for path, what in ((cert_path, "server.tls_cert"), (key_path, "server.tls_key")):
        if not path.is_file():
            raise VoicebotError(f"{what}: {path} is not a file")
    try:
        fingerprint(cert_path)
    except ValueError:
        raise VoicebotError(f"server.tls_cert: {cert_path} is not a PEM certificate") from None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert_path, key_path, password=_encrypted(key_path))
    except ssl.SSLError as e:
        mismatch = "KEY_VALUES_MISMATCH" in str(e)
        reason = "does not match the certificate" if mismatch else "is not a PEM private key"
        raise VoicebotError(f"server.tls_key: {key_path} {reason}") from None
    return context
