"""Ends a helper process the tests start once the process that started it is gone, so a killed
or crashed test run leaves no server behind."""
import os
import threading
import time


def end_with_parent(before_exit=None):
    """Starts a thread that exits this process when its parent changes (it died), calling
    `before_exit` first (to end a server this process started)."""
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                if before_exit is not None:
                    before_exit()
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
