/*
 * xipc.h - the X request over nickel's IPC instead of pipes (xipc=1 in the
 * desktop launcher, docs/lab.md "IPC: priority transfer two ways"): the
 * client calls the server's endpoint once per request, the server answers
 * and waits for the next (ipc_reply_recv).  struct lab_xmsg travels in the
 * message's four words.
 */
#ifndef NICKEL_XIPC_H
#define NICKEL_XIPC_H
#include "lab.h"

/* One request and its reply; 1, or 0 when the server is gone. */
int xipc_exchange(int ep, struct lab_xmsg *m);
/* The server's loop on endpoint ep: serve(m) per request until it returns 0. */
int xipc_serve(int ep, int (*serve)(struct lab_xmsg *m));
#endif
