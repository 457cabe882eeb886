#!/usr/bin/env python3
"""A stand-in for the parts of GitHub that OpenBench uses, serving one local
git repository on loopback, so that an OpenBench instance can test commits that
were never pushed anywhere.

OpenBench's server asks GitHub's API for a commit's details (to learn its sha,
its message and the bench in it) and for how two commits compare; its client
downloads the source as a zip archive. With the repository published as
https://github.com/OWNER/NAME (OWNER/NAME given by --slug), this answers:

    GET /repos/OWNER/NAME/commits/REF       the commit: sha, commit.message, parents, ...
    GET /repos/OWNER/NAME/branches/BRANCH   {"name": ..., "commit": <the same>}
    GET /repos/OWNER/NAME/compare/A...B     ahead_by (commits in B not in A), behind_by
    GET /repos/OWNER/NAME/zipball/REF       the tree at REF as a zip, one top folder
    GET /OWNER/NAME/archive/REF.zip         the same zip

and 404 with GitHub's {"message": "Not Found"} otherwise. REF is a sha (full or
short), a branch or a tag, as git rev-parse understands them. Requests reach it
through scripts/openbench/loopback.py, which rewrites the GitHub URLs
OpenBench builds to this server.

Standard library only; needs git. Binds 127.0.0.1 alone.

    python3 scripts/openbench/github_standin.py --repo . --port 8001 --slug ferrochamp/ferrochamp
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

# What a ref may look like: no leading dash (it would read as a git option),
# no "..", nothing outside the characters branch names and shas use.
REF_PATTERN = re.compile(r"^(?!-)(?!.*\.\.)[A-Za-z0-9._/~^-]{1,200}$")


class Repository:
    """Read-only queries on one git repository."""

    def __init__(self, path, name):
        self.path = path
        self.name = name

    def git(self, *args, binary=False):
        result = subprocess.run(["git", "-C", self.path, *args], capture_output=True, check=False)
        if result.returncode != 0:
            return None
        return result.stdout if binary else result.stdout.decode("utf-8", "replace")

    def resolve(self, ref, branch_only=False):
        """The full sha of commit REF, or None."""
        if not REF_PATTERN.match(ref):
            return None
        target = "refs/heads/%s" % ref if branch_only else ref
        out = self.git("rev-parse", "--verify", "--quiet", target + "^{commit}")
        return out.strip() if out else None

    def commit(self, sha, base_url):
        """The commit in the shape of GitHub's commits API (the fields OpenBench reads and a few more)."""
        fmt = "%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B"
        out = self.git("show", "-s", "--format=" + fmt, sha)
        if out is None:
            return None
        sha, parents, an, ae, ad, cn, ce, cd, message = out.split("\x00", 8)
        return {
            "sha": sha,
            "url": "%s/commits/%s" % (base_url, sha),
            "commit": {
                "message": message.rstrip("\n"),
                "author": {"name": an, "email": ae, "date": iso_utc(ad)},
                "committer": {"name": cn, "email": ce, "date": iso_utc(cd)},
            },
            "parents": [{"sha": p} for p in parents.split()],
        }

    def count(self, exclude, include):
        out = self.git("rev-list", "--count", "%s..%s" % (exclude, include))
        return int(out) if out else 0

    def zip_of(self, sha):
        """The tree at SHA as a zip whose one top folder is NAME-SHA, as GitHub packs it."""
        return self.git("archive", "--format=zip", "--prefix=%s-%s/" % (self.name, sha), sha, binary=True)


def iso_utc(date):
    """git's ISO 8601 date with offset as GitHub writes it: UTC with a Z."""
    try:
        stamp = datetime.fromisoformat(date).astimezone(timezone.utc)
    except ValueError:
        return date
    return stamp.strftime("%Y-%m-%dT%H:%M:%SZ")


def make_handler(repo, slug):
    api_prefix = "/repos/%s/" % slug
    archive_prefix = "/%s/archive/" % slug

    class Handler(BaseHTTPRequestHandler):
        server_version = "github-standin"

        def do_GET(self):
            path = unquote(urlsplit(self.path).path).rstrip("/")
            if path.startswith(api_prefix):
                self.api(path[len(api_prefix):])
            elif path.startswith(archive_prefix) and path.endswith(".zip"):
                self.archive(path[len(archive_prefix):-len(".zip")])
            else:
                self.not_found()

        def api(self, rest):
            kind, _, arg = rest.partition("/")
            base_url = "http://%s/repos/%s" % (self.headers.get("Host", "127.0.0.1"), slug)
            if kind == "commits" and (sha := repo.resolve(arg)):
                self.json(repo.commit(sha, base_url))
            elif kind == "branches" and (sha := repo.resolve(arg, branch_only=True)):
                self.json({"name": arg, "commit": repo.commit(sha, base_url)})
            elif kind == "compare" and "..." in arg:
                base, head = (repo.resolve(r) for r in arg.split("...", 1))
                if base and head:
                    ahead, behind = repo.count(base, head), repo.count(head, base)
                    status = "identical" if ahead == behind == 0 else "ahead" if behind == 0 else "diverged"
                    self.json({"status": status, "ahead_by": ahead, "behind_by": behind})
                else:
                    self.not_found()
            elif kind == "zipball" and (sha := repo.resolve(arg)):
                self.archive(sha)
            else:
                self.not_found()

        def archive(self, ref):
            sha = repo.resolve(ref)
            data = repo.zip_of(sha) if sha else None
            if data is None:
                self.not_found()
                return
            self.send(200, "application/zip", data)

        def json(self, value):
            self.send(200, "application/json", json.dumps(value).encode())

        def not_found(self):
            self.send(404, "application/json", b'{"message": "Not Found"}')

        def send(self, code, content_type, body):
            self.send_response(code)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=".", help="the git repository (or worktree) to serve")
    parser.add_argument("--port", type=int, default=8001, help="port on 127.0.0.1")
    parser.add_argument("--slug", default="ferrochamp/ferrochamp", help="OWNER/NAME in the GitHub URLs")
    args = parser.parse_args()

    if shutil.which("git") is None:
        sys.exit("github_standin.py: git is missing (apt-get install git)")
    if not re.match(r"^[A-Za-z0-9-]+/[A-Za-z0-9_.-]+$", args.slug):
        sys.exit("github_standin.py: --slug must be OWNER/NAME")
    repo = Repository(args.repo, args.slug.split("/")[1])
    if repo.resolve("HEAD") is None:
        sys.exit("github_standin.py: %s is not a git repository with commits" % args.repo)

    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(repo, args.slug))
    print("github stand-in for %s on http://127.0.0.1:%d" % (args.repo, args.port), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
