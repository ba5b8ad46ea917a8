#!/usr/bin/env python3
"""What compiling GEOS to WebAssembly costs at each optimisation level (issue
24; a benchmark, not a test): every translation unit of the web build's GEOS
(the unity build of web/geos/unity.cmake, as scripts/web.sh configures it)
compiled alone, one at a time, once per flag, with the user + system CPU time
of each compilation (getrusage of the children). CPU time, not wall time, so
that a loaded machine inflates it only a little (shared caches).

    emcmake cmake -S GEOS_SRC -B GEOS_BUILD -DCMAKE_BUILD_TYPE=Release \\
        "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=OFF \\
        -DBUILD_GEOSOP=OFF -DBUILD_BENCHMARKS=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \\
        -DCMAKE_PROJECT_INCLUDE=$PWD/web/geos/unity.cmake
    python3 bench/web_geos_flags.py GEOS_BUILD -fsyntax-only -O0 -O1 -Os -O2

GEOS_SRC is GEOS's unpacked source (scripts/web.sh fetches it into
BUILD/_deps/geos-3.11.1). Prints, per flag, the total and the five largest
units; with -v every unit.
"""
import json
import re
import os
import resource
import subprocess
import sys


def main():
    args = [a for a in sys.argv[1:] if a != '-v']
    verbose = '-v' in sys.argv[1:]
    if len(args) < 2:
        sys.exit('usage: web_geos_flags.py GEOS_BUILD FLAG... [-v]')
    build, flags = args[0], args[1:]
    with open(os.path.join(build, 'compile_commands.json')) as f:
        units = json.load(f)
    env = dict(os.environ)
    env['NODE_PATH'] = '/usr/share/nodejs' + (':' + env['NODE_PATH'] if env.get('NODE_PATH') else '')
    out = os.path.join(build, 'web_geos_flags.o')
    for flag in flags:
        times = []
        for u in units:
            head, tail = u['command'].split(' -o ', 1)
            cmd = re.sub(r' -O[0-3sz]?(?= )', ' ' + flag, head) + ' -o ' + out + ' ' + tail.split(' ', 1)[1]
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            p = subprocess.run(cmd, shell=True, cwd=u['directory'], env=env, capture_output=True)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
            if p.returncode != 0:
                sys.exit('%s failed with %s:\n%s' % (u['file'], flag, p.stderr.decode()[-2000:]))
            times.append((cpu, os.path.basename(u['file'])))
            if verbose:
                print('%s %.2f %s' % (flag, cpu, times[-1][1]), flush=True)
        times.sort(reverse=True)
        print('%-14s %6.1f s of CPU over %d units; largest: %s' %
              (flag, sum(t for t, _ in times), len(times), ', '.join('%s %.1f' % (n, t) for t, n in times[:5])),
              flush=True)
    if os.path.exists(out):
        os.remove(out)


if __name__ == '__main__':
    main()
