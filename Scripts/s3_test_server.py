#!/usr/bin/env python3
"""Runs nanio, the S3-compatible server the tests use, for as long as the process that started
it lives: when that parent is gone (a test run killed or crashed), this one ends too.

Usage: s3_test_server.py DATA_DIR PORT   (the key comes from NANIO_ACCESS_KEY and NANIO_SECRET_KEY)
"""
import runpy
import sys

from parent_watch import end_with_parent


end_with_parent()
sys.argv = ["nanio", "serve", "--data-dir", sys.argv[1], "--host", "127.0.0.1", "--port", sys.argv[2]]
runpy.run_module("nanio", run_name="__main__")
