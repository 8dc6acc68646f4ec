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


# XSD regular expressions (which YANG patterns are) are implicitly anchored and have no anchor
# characters: '^' and '$' are literals there, and yangtools treats them so. The OpenConfig modules of
# this release nevertheless write POSIX-style '^...$' around most patterns (ipv4-address, dotted-quad,
# ipv4-prefix, ...), which would make every IPv4 address invalid. Later OpenConfig releases fixed this
# by dropping the anchors from `pattern` (keeping them in oc-ext:posix-pattern); do the same here.
_GAP = r"(?:\s|//[^\n]*\n)*"
_STRING = r"""(?:'[^']*'|"(?:[^"\\]|\\.)*")"""
PATTERN = re.compile(r"(\bpattern\s" + _GAP + r")(" + _STRING + r"(?:" + _GAP + r"\+" + _GAP + _STRING + r")*)")


def unanchor(match):
    keyword, strings = match.group(1), match.group(2)
    if strings[1] == "^":
        strings = strings[0] + strings[2:]
    if strings[-2] == "$" and strings[-3] != "\\":
        strings = strings[:-2] + strings[-1]
    return keyword + strings


def unanchor_patterns(data):
    text = data.decode("utf-8")
    fixed = PATTERN.sub(unanchor, text)
    return fixed.encode("utf-8"), fixed != text


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
    unanchored = 0
    for name, data in members(archive):
        if name.startswith("openconfig-"):
            data, changed = unanchor_patterns(data)
            unanchored += changed
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
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
    print(f"[sextant-model] {count} YANG files from {package} {version} ({unanchored} with '^...$' patterns"
          f" made XSD-conformant); {len(index)} indexed")


if __name__ == "__main__":
    main()
