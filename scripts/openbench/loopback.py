"""Keeps a local OpenBench instance on loopback: the GitHub URLs its server and
client build (api.github.com, github.com, codeload.github.com,
raw.githubusercontent.com) go to the stand-in of github_standin.py, and any
other request off this machine is refused.

scripts/openbench_local.sh copies this file into OpenBench's virtual
environment as `ferrochamp_loopback.py`, with a `.pth` line that calls
install() when Python starts there. It does nothing unless
FERROCHAMP_GITHUB_STANDIN holds the stand-in's URL (http://127.0.0.1:PORT).
OpenBench itself is not changed: every request it makes goes through
requests.Session.request, which this wraps.
"""

import os
from urllib.parse import urlsplit, urlunsplit

GITHUB_HOSTS = {"github.com", "api.github.com", "codeload.github.com", "raw.githubusercontent.com"}
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}


def rewrite(url, standin):
    """URL with a GitHub host replaced by the stand-in's scheme and address;
    the API's /repos/... paths and github.com's /OWNER/NAME/... paths stay apart."""
    parts = urlsplit(url)
    if parts.hostname not in GITHUB_HOSTS:
        return url
    target = urlsplit(standin)
    path = parts.path
    if parts.hostname == "raw.githubusercontent.com":
        path = "/raw" + path
    return urlunsplit((target.scheme, target.netloc, path, parts.query, parts.fragment))


def install():
    standin = os.environ.get("FERROCHAMP_GITHUB_STANDIN")
    if not standin:
        return
    import requests
    import requests.sessions

    original = requests.sessions.Session.request

    def request(self, method, url, *args, **kwargs):
        url = rewrite(str(url), standin)
        if urlsplit(url).hostname not in LOOPBACK_HOSTS:
            raise requests.exceptions.ConnectionError("loopback only: refused %s %s" % (method, url))
        return original(self, method, url, *args, **kwargs)

    requests.sessions.Session.request = request
