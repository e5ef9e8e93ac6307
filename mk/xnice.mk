# make test: Exercise 3's nice -5 claim in schedsim (deterministic; docs/lab.md).
HOST_TEST_BINS += tests/host/test_xnice.py
tests/host/test_xnice.py: $(SCHEDSIM)
