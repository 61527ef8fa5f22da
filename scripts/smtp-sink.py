#!/usr/bin/env python3
"""A local SMTP server for the e-mail tests (started by scripts/test-deps.sh).

Usage: smtp-sink.py HOST PORT DIR

Every message it accepts is written to DIR/<pid>-<n>.eml, whole (written to a
hidden temporary name first, then renamed, so a reader never sees half a
message), preceded by one header line naming the envelope's recipients:
"X-Envelope-To: a@example.org, b@example.org". It sends nothing on.
"""
import itertools
import os
import signal
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = itertools.count()

    async def handle_DATA(self, server, session, envelope):
        n = next(self.count)
        name = f"{os.getpid()}-{n}.eml"
        temporary = os.path.join(self.directory, "." + name)
        content = envelope.content if isinstance(envelope.content, bytes) else envelope.content.encode()
        with open(temporary, "wb") as f:
            f.write(("X-Envelope-To: " + ", ".join(envelope.rcpt_tos) + "\r\n").encode())
            f.write(content)
        os.rename(temporary, os.path.join(self.directory, name))
        return "250 Message accepted"


def main():
    host, port, directory = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(directory, exist_ok=True)
    controller = Controller(Sink(directory), hostname=host, port=port)
    controller.start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        signal.pause()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
