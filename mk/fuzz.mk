# The system-call fuzzer (user/fuzz.c + user/fuzz/, docs/robustness.md).
USER_SRCS_fuzz := user/fuzz/gen.c user/fuzz/guided.c user/fuzz/mutate.c
