/* xipc.c - the X request over IPC (xipc.h). */
#include <string.h>
#include "nickel.h"
#include "ipc.h"
#include "xipc.h"

_Static_assert(sizeof(struct lab_xmsg) == IPC_WORDS * 4, "lab_xmsg fills the words");

int xipc_exchange(int ep, struct lab_xmsg *m)
{
	static int served;                 /* the server has answered once */
	struct ipc_msg req = { 0 }, rep = { 0 };
	long rc;
	int tries = 0;

	memcpy(req.w, m, sizeof(*m));
	/* The launcher starts the server just before us: until it answers
	 * once, "nobody serves ep" means "not yet" (for up to 2 s). */
	while ((rc = ipc_call(ep, &req, &rep, 0)) == -LNX_ENOENT && !served &&
	       tries++ < 2000)
		nk_sleep_ms(1);
	if (rc != 0)
		return 0;
	served = 1;
	memcpy(m, rep.w, sizeof(*m));
	return 1;
}

int xipc_serve(int ep, int (*serve)(struct lab_xmsg *m))
{
	struct ipc_msg in = { 0 }, out = { 0 };
	struct lab_xmsg m;
	long caller;

	if (ipc_endpoint(ep) != 0) {
		nk_printf("xipc: endpoint %d: cannot serve it\n", ep);
		return -1;
	}
	nk_printf("xipc: serving endpoint %d\n", ep);
	caller = ipc_recv(ep, &in, 0);
	while (caller > 0) {
		int more;

		memcpy(&m, in.w, sizeof(m));
		more = serve(&m);
		memcpy(out.w, &m, sizeof(m));
		if (!more)
			return ipc_reply((int)caller, &out) == 0 ? 0 : -1;
		caller = ipc_reply_recv(ep, (int)caller, &out, &in, 0);
	}
	return caller == 0 ? 0 : -1;
}
