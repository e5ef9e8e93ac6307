"""lib.lab: what the lab's commands share (labcommon: logs, runs, errors;
plotting: the one look of the pictures; progress; weights: Linux's nice
weight table)."""
