#!/usr/bin/env python3
"""Where a function's instructions go, line by line, inlined code included.

`callgrind_annotate` charges the code the compiler inlined to the inlined function's own
file (`slice/iter/macros.rs`, `bits.rs`, ...), so a kernel built of small inlined helpers
shows no hot line of its own. This script charges every instruction to the innermost line
of a chosen source file in its inline chain (read with `addr2line -i`), i.e. to the line of
the kernel that called the helper.

    cargo build --profile profiling
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=/tmp/cg.out \\
        target/profiling/regula perft rules/turkish-draughts.rules 6 --threads 1
    python3 benches/callgrind_lines.py /tmp/cg.out target/profiling/regula \\
        'Generator>::prepass' kernel/prepass.rs

Arguments: the callgrind output (made with `--dump-instr=yes`), the binary it ran, a
substring of the function's symbol (every function whose name holds it is counted, self
cost only), the source file (a suffix of its path) whose lines are wanted, and optionally
how many lines to print (30).

With `--asm CALLS` in place of the line count, it prints the function's machine code
instead, each instruction that ran with its count divided by CALLS (the calls, or the
positions, to share it by): where a function's fixed costs (its prologue, spills, loop
set-ups) stand beside its real work.

    python3 benches/callgrind_lines.py /tmp/cg.out target/profiling/regula \\
        'Generator>::prepass' kernel/prepass.rs --asm 93410
"""

import collections
import re
import subprocess
import sys


def self_costs(path, wanted):
    """Instruction address -> self cost, over the functions whose names hold `wanted`."""
    names = {}
    cost = collections.Counter()
    current = ""
    addr = 0
    after_calls = False
    with open(path) as f:
        for line in f:
            # Names are compressed: `fn=(id) name` the first time, `fn=(id)` after.
            m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line.strip())
            if m:
                if m.group(3):
                    names[m.group(2)] = m.group(3)
                if m.group(1) == "fn":
                    current = names.get(m.group(2), "")
                continue
            if line.startswith("calls="):
                # The next cost line is the call's inclusive cost, not this function's.
                after_calls = True
                continue
            if re.match(r"^[a-z]+=", line):
                continue
            parts = line.split()
            if len(parts) < 3:
                continue
            a = parts[0]
            try:
                if a.startswith("0x"):
                    addr = int(a, 16)
                elif a.startswith("+"):
                    addr += int(a[1:])
                elif a.startswith("-"):
                    addr -= int(a[1:])
                elif a != "*":
                    continue
                c = int(parts[2])
            except ValueError:
                continue
            if after_calls:
                after_calls = False
                continue
            if wanted in current:
                cost[addr] += c
    return cost


def by_line(binary, cost, source):
    """Cost per `file:line` of `source`, innermost in each address's inline chain."""
    addrs = sorted(cost)
    lines = collections.Counter()
    for start in range(0, len(addrs), 2000):
        chunk = addrs[start : start + 2000]
        out = subprocess.run(
            ["addr2line", "-e", binary, "-a", "-i", "-f", "-C"] + ["0x%x" % a for a in chunk],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\n")
        addr, frames, i = None, [], 0

        def flush():
            if addr is None:
                return
            mine = [loc for _, loc in frames if source in loc and not loc.endswith(":?")]
            key = mine[0].rsplit("/", 1)[-1] if mine else "(elsewhere: %s)" % (
                frames[0][1].rsplit("/", 1)[-1] if frames else "?"
            )
            lines[key] += cost[addr]

        while i < len(out):
            if out[i].startswith("0x"):
                flush()
                addr, frames = int(out[i], 16), []
                i += 1
            elif i + 1 < len(out):
                frames.append((out[i], out[i + 1]))
                i += 2
            else:
                i += 1
        flush()
    return lines


def by_instruction(binary, cost, calls):
    """The machine code around the costed addresses, each instruction that ran with its
    cost per call."""
    addrs = sorted(cost)
    # objdump over the whole range in pieces: the functions may lie far apart.
    spans, lo, hi = [], addrs[0], addrs[0]
    for a in addrs[1:]:
        if a - hi > 4096:
            spans.append((lo, hi))
            lo = a
        hi = a
    spans.append((lo, hi))
    total = 0.0
    for lo, hi in spans:
        text = subprocess.run(
            ["objdump", "-d", "--no-show-raw-insn", "-C", "--start-address=0x%x" % lo,
             "--stop-address=0x%x" % (hi + 16), binary],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for line in text.splitlines():
            m = re.match(r"\s*([0-9a-f]+):\s*(.*)", line)
            if not m or int(m.group(1), 16) not in cost:
                continue
            per = cost[int(m.group(1), 16)] / calls
            total += per
            print("%8.2f  %s  %s" % (per, m.group(1), m.group(2)[:90]))
    print("%8.2f  total per call" % total)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    out, binary, wanted, source = sys.argv[1:5]
    cost = self_costs(out, wanted)
    if not cost:
        sys.exit("no function's name holds %r (was the run made with --dump-instr=yes?)" % wanted)
    if len(sys.argv) > 6 and sys.argv[5] == "--asm":
        by_instruction(binary, cost, int(sys.argv[6]))
        return
    top = int(sys.argv[5]) if len(sys.argv) > 5 else 30
    lines = by_line(binary, cost, source)
    total = sum(lines.values())
    print("%12s %6s  %s" % ("instructions", "share", "line"))
    for key, c in lines.most_common(top):
        print("%12s %5.1f%%  %s" % (format(c, ","), 100 * c / total, key))
    print("%12s %5.1f%%  total" % (format(total, ","), 100.0))


if __name__ == "__main__":
    main()
