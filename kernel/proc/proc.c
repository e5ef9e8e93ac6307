/*
 * proc.c - ring-3 processes (proc.h).
 *
 * Locking: tasks_lock guards the process tree (parent, children, sibling),
 * wait_status and zombie reaping; the scheduler's fields go through
 * kernel/sched.  A process's mm and descriptors are touched only by itself.
 * v7 hooks: fork calls sched_fork (sched_fork + wake_up_forked_process),
 * reaping a zombie calls sched_exit (the child's unused slice and sleep
 * average flow back to the parent).
 */
#include "proc/proc.h"
#include "ipc/ipc.h"
#include "kcov/kcov.h"
#include "proc/task.h"
#include "mm/mm.h"
#include "proc/elf.h"
#include "boot/module.h"
#include "boot/boot_time.h"
#include "proc/file.h"
#include "wait.h"
#include "arch/trap.h"
#include "arch/paging.h"
#include "arch/percpu.h"
#include "boot/cmdline.h"
#include "shutdown.h"
#include "console/printk.h"
#include "lib/string.h"
#include "proc/abi.h"
#include "arch/cpu.h"
#include "panic.h"
#include "mm/uaccess.h"
#include "arch/sysenter.h"

static struct task *init_task;

struct trap_frame *task_user_frame(struct task *t)
{
	return (struct trap_frame *)((char *)t->ti + KSTACK_SIZE) - 1;
}

/* A fresh ring-3 register set: entry point, stack, user segments, IF on. */
static void user_frame_init(struct trap_frame *f, uint32_t eip, uint32_t esp)
{
	memset(f, 0, sizeof(*f));
	f->ds = f->es = f->fs = f->gs = SEL_UDATA;
	f->cs = SEL_UCODE;
	f->user_ss = SEL_UDATA;
	f->eip = eip;
	f->user_esp = esp;
	f->eflags = EFLAGS_IF;
}

/* Lay out argc, argv, envp (empty) and auxv at the top of the stack as
 * Linux i386 does; returns the initial esp, 0 on a fault. */
static uint32_t build_stack(struct mm *mm, int argc, char **argv, uint32_t entry,
			    uint32_t sysinfo)
{
	uint32_t sp = USER_TOP, ptrs[MAX_ARGS + 1], frame[MAX_ARGS + 16];
	int i, n = 0;
	static const uint8_t random_bytes[16] = "nickel-at-random";

	if (mm_prepare_access(mm, USER_TOP - 2 * PAGE_SIZE, 2 * PAGE_SIZE, 1))
		return 0;
	sp -= 16;
	memcpy((void *)sp, random_bytes, 16);     /* AT_RANDOM points here */
	for (i = argc - 1; i >= 0; i--) {
		size_t len = strlen(argv[i]) + 1;
		sp -= len;
		memcpy((void *)sp, argv[i], len);
		ptrs[i] = sp;
	}
	sp &= ~15u;
	frame[n++] = (uint32_t)argc;
	for (i = 0; i < argc; i++)
		frame[n++] = ptrs[i];
	frame[n++] = 0;                           /* end of argv */
	frame[n++] = 0;                           /* empty environment */
	frame[n++] = 6;  frame[n++] = PAGE_SIZE;  /* AT_PAGESZ */
	frame[n++] = 9;  frame[n++] = entry;      /* AT_ENTRY */
	frame[n++] = 25; frame[n++] = USER_TOP - 16;  /* AT_RANDOM */
	if (sysinfo) {                            /* the fast entry (sysenter.h) */
		frame[n++] = AT_SYSINFO;
		frame[n++] = sysinfo;
	}
	frame[n++] = 0;  frame[n++] = 0;          /* AT_NULL */
	sp -= (uint32_t)n * 4;
	sp &= ~15u;
	memcpy((void *)sp, frame, (size_t)n * 4);
	return sp;
}

/* A new address space holding program `m` with its arguments. */
static struct mm *load_program(const struct module *m, int argc, char **argv,
			       uint32_t *entry, uint32_t *sp)
{
	struct mm *mm = mm_create();
	uint32_t old_cr3 = read_cr3();

	if (!mm)
		return 0;
	*entry = elf_load(mm, m->data, m->size);
	/* build_stack writes through the new page tables.  No preemption
	 * meanwhile: a switch back to us would load current->mm's CR3. */
	preempt_disable();
	pgdir_activate(mm->pgdir);
	*sp = *entry ? build_stack(mm, argc, argv, *entry, vsyscall_map(mm)) : 0;
	write_cr3(old_cr3);
	preempt_enable();
	if (!*sp) {
		mm_destroy(mm);
		return 0;
	}
	return mm;
}

static void open_console_fds(struct task *t)
{
	int i;

	for (i = 0; i < 3; i++)
		t->fd[i] = console_file();
}

/* The first run of a process: the rq lock handover, then ring 3. */
static void first_return_to_user(void)
{
	sched_finish_switch(this_cpu_id(), 0);
	__asm__ volatile("fninit");
	current->fpu_used = 1;
	if (current->se.pid == 1)
		boot_time_init_enters_user();
	trap_frame_enter(task_user_frame(current));
}

/* Start module `name` as a new process, a child of the calling kernel
 * thread; argv[0] is the name, argv[1..] the words given.  `setup` (may be
 * null) runs on the task before it is started, e.g. to pin it. */
static struct task *spawn(const char *name, int argc, char **argv,
			  void (*setup)(struct task *))
{
	const struct module *m = module_find(name);
	struct task *t;
	uint32_t entry, sp;
	char *args[MAX_ARGS + 1];
	int i;

	if (!m)
		return 0;
	args[0] = (char *)name;
	for (i = 0; i < argc && i < MAX_ARGS - 1; i++)
		args[i + 1] = argv[i];
	t = task_alloc(name, TASK_USER, 0);
	if (!t)
		return 0;
	t->mm = load_program(m, i + 1, args, &entry, &sp);
	if (!t->mm) {
		task_unlink_unstarted(t);
		return 0;
	}
	open_console_fds(t);
	user_frame_init(task_user_frame(t), entry, sp);
	task_switch_frame(t, first_return_to_user);
	if (setup)
		setup(t);
	kthread_start(t);
	return t;
}

int proc_start_init(const char *name, int argc, char **argv)
{
	if (!module_find(name))
		return -ENOENT;
	init_task = spawn(name, argc, argv, 0);
	return init_task ? init_task->se.pid : -ENOMEM;
}

/* A demo process (kernel/demo): nobody waits for it; the reaper frees it. */
int proc_spawn(const char *name, int argc, char **argv, void (*setup)(struct task *))
{
	struct task *t = spawn(name, argc, argv, setup);
	return t ? t->se.pid : -ENOMEM;
}

/* ---- fork ---- */

static void copy_fds(struct task *from, struct task *to)
{
	int i;

	for (i = 0; i < NR_FDS; i++)
		if ((to->fd[i] = from->fd[i]) != 0)
			file_get(to->fd[i]);
}

long proc_fork(struct trap_frame *f)
{
	struct task *parent = current, *child;

	if (tasks_count() >= (unsigned)boot_args.max_tasks)
		return -EAGAIN;
	child = task_alloc(parent->se.comm, TASK_USER, 0);
	if (!child)
		return -ENOMEM;
	child->mm = mm_fork(parent->mm);
	if (!child->mm) {
		task_unlink_unstarted(child);    /* never ran: free it at once */
		return -ENOMEM;
	}
	copy_fds(parent, child);
	*task_user_frame(child) = *f;
	task_user_frame(child)->eax = 0;             /* fork returns 0 in the child */
	if (parent->fpu_used)
		__asm__ volatile("fnsave %0; frstor %0" : "+m"(parent->fpu));
	memcpy(child->fpu, parent->fpu, sizeof(child->fpu));
	child->fpu_used = parent->fpu_used;
	task_switch_frame(child, first_return_to_user);
	child->se.parent = &parent->se;
	sched_fork(&parent->se, &child->se);         /* v7: sched_fork + wake_up_forked_process */
	return child->se.pid;
}

/* ---- exec ---- */

long proc_exec(struct trap_frame *f, const char *name, int argc, char **argv)
{
	const struct module *m = module_find(name);
	struct task *t = current;
	struct mm *mm, *old = t->mm;
	uint32_t entry, sp;

	if (!m)
		return module_find_any(name) ? -ENOEXEC : -ENOENT;
	mm = load_program(m, argc, argv, &entry, &sp);
	if (!mm)
		return -ENOMEM;
	t->mm = mm;
	pgdir_activate(mm->pgdir);
	mm_destroy(old);
	strncpy(t->se.comm, m->name, sizeof(t->se.comm) - 1);
	user_frame_init(f, entry, sp);
	__asm__ volatile("fninit");
	return 0;
}

/* ---- exit and wait ---- */

/* tasks_lock held.  Returns how many children init got; the caller wakes
 * init after dropping tasks_lock (wait_event holds the waitq lock while
 * its condition takes tasks_lock: waking here would be ABBA). */
static int reparent_children(struct task *t)
{
	struct list_node *n, *tmp;
	int moved = 0;

	list_for_each_safe(n, tmp, &t->children) {
		struct task *c = list_entry(n, struct task, sibling);
		list_del(&c->sibling);
		task_set_parent(c, init_task);  /* no init: the reaper's (proc_exit) */
		c->se.parent = init_task ? &init_task->se : 0;
		if (init_task)
			list_add_tail(&c->sibling, &init_task->children);
		moved++;
	}
	return init_task ? moved : 0;
}

static void close_all_fds(struct task *t)
{
	int i;

	for (i = 0; i < NR_FDS; i++)
		if (t->fd[i]) {
			file_put(t->fd[i]);
			t->fd[i] = 0;
		}
}

/* As run= does (the trace is part of the record), then the closing line. */
static void init_exited(int status)
{
	char closing[48];

	snprintf(closing, sizeof(closing), "nickel: init exited status=%d",
		 (status & 0x7F) ? 128 + (status & 0x7F) : (status >> 8) & 0xFF);
	shutdown_with_record(closing);
}

/* A zombie is never picked again: if it was, say what the scheduler saw. */
static void __attribute__((noreturn)) zombie_ran_again(struct task *t)
{
	int cpu = this_cpu_id();

	panic("zombie %d (%s) ran again on cpu %d: state %d array %p se.cpu %d "
	      "curr %s, refs %d", t->se.pid, t->se.comm, cpu, t->se.state,
	      (void *)t->se.array, t->se.cpu,
	      sched_curr(cpu) == &t->se ? "itself" : "another task", t->refs);
}

void proc_exit(int wait_status)
{
	struct task *t = current, *waiter = 0;
	struct mm *mm = t->mm;
	unsigned long f;
	int orphans;

	/* t->mm goes first: a preemption inside mm_destroy must not switch
	 * back to us on the page directory it is freeing (schedule loads
	 * current->mm's; a reused frame as CR3 is a triple fault).  It also
	 * goes before any wake-up, as in Linux's do_exit (exit_mm, then the
	 * files, then exit_notify): without an mm this task wakes the pipe
	 * peers and the parent as a kernel waker (v7: activate_task tests
	 * current->mm), so they get their full sleep credit and keep their
	 * slice. */
	t->mm = 0;
	mm_destroy(mm);                          /* switches to the kernel's CR3 */
	close_all_fds(t);
	ipc_task_exit(t);                        /* its callers get -EPIPE */
	kcov_task_exit(t);                       /* empty unless CONFIG_KCOV */
	if (t == init_task)
		init_exited(wait_status);
	f = spin_lock_irqsave(&tasks_lock);
	t->wait_status = wait_status;
	orphans = reparent_children(t);
	cli();
	t->se.state = SCHED_TASK_ZOMBIE;
	task_get(t);                             /* task_switched_out drops it */
	if (!t->parent || t->parent->kind != TASK_USER) {
		task_give_to_reaper(t);          /* no process will wait for it */
	} else {
		waiter = t->parent;              /* it may exit and be reaped */
		task_get(waiter);                /* once tasks_lock is dropped */
	}
	spin_unlock(&tasks_lock);
	if (orphans)
		wake_up(&init_task->child_exit);  /* it may have zombies to reap now */
	if (waiter) {
		wake_up(&waiter->child_exit);
		task_put(waiter);
	}
	schedule();
	(void)f;
	zombie_ran_again(t);
}


struct wait_match { int pid; };

static int matches(struct task *c, int pid)
{
	return pid == -1 || pid == 0 || c->se.pid == pid;
}

/* A zombie child to reap (tasks_lock held); *any: some child matches. */
static struct task *find_zombie(struct task *t, int pid, int *any)
{
	struct list_node *n;

	*any = 0;
	list_for_each(n, &t->children) {
		struct task *c = list_entry(n, struct task, sibling);
		if (!matches(c, pid))
			continue;
		*any = 1;
		if (c->se.state == SCHED_TASK_ZOMBIE)
			return c;
	}
	return 0;
}

static bool child_exited(void *arg)
{
	struct wait_match *m = arg;
	int any;
	unsigned long f = spin_lock_irqsave(&tasks_lock);
	struct task *z = find_zombie(current, m->pid, &any);

	spin_unlock_irqrestore(&tasks_lock, f);
	return z || !any;
}

static bool switched_out(void *z)
{
	return sched_task_off_cpu(&((struct task *)z)->se);
}

/*
 * A zombie may still be on its CPU: proc_exit wakes the parent just before
 * its last schedule(), and a parent on another CPU can run at once.  Sleep
 * until the CPU that switches away from it says so (task_switched_out, as
 * Linux's finish_task_switch drops the dead task's last reference).  z is
 * our child and only we reap it, so it stays valid.
 */
static void wait_switched_out(struct task *z)
{
	wait_event(&current->child_exit, switched_out, z);
}

/* Free a reaped zombie: v7 sched_exit first (it reads the parent). */
static int reap(struct task *z, uint32_t status_ptr)
{
	int status = z->wait_status, pid = z->se.pid;
	unsigned long f;

	usage_add_reaped(current, z);
	sched_exit(&z->se);
	f = spin_lock_irqsave(&tasks_lock);
	task_release(z);                 /* freed now, or by the last task_put */
	spin_unlock_irqrestore(&tasks_lock, f);
	if (status_ptr)
		copy_to_user(status_ptr, &status, 4);   /* checked before */
	return pid;
}

long proc_wait(int pid, uint32_t status_ptr, int options)
{
	struct wait_match m = { pid };

	if (status_ptr && mm_prepare_access(current->mm, status_ptr, 4, 1) != 0)
		return -EFAULT;
	for (;;) {
		int any;
		unsigned long f = spin_lock_irqsave(&tasks_lock);
		struct task *z = find_zombie(current, pid, &any);

		spin_unlock_irqrestore(&tasks_lock, f);
		if (z) {
			wait_switched_out(z);
			return reap(z, status_ptr);
		}
		if (!any)
			return -ECHILD;
		if (options & WNOHANG)
			return 0;
		if (wait_event_interruptible(&current->child_exit, child_exited, &m))
			return -EINTR;
	}
}

/* ---- signals: only default actions, which all terminate ---- */

struct task *proc_find(int pid)
{
	struct list_node *n;

	list_for_each(n, &all_tasks) {
		struct task *t = list_entry(n, struct task, all);
		if (t->se.pid == pid)
			return t;
	}
	return 0;
}

long proc_kill(int pid, int sig)
{
	unsigned long f;
	struct task *t;

	if (sig < 0 || sig >= NSIG)
		return -EINVAL;
	f = spin_lock_irqsave(&tasks_lock);
	t = proc_find(pid);
	if (!t || t->kind != TASK_USER || t->se.state == SCHED_TASK_ZOMBIE) {
		spin_unlock_irqrestore(&tasks_lock, f);
		return -ESRCH;
	}
	if (sig && !t->pending_signal)
		t->pending_signal = sig;
	task_get(t);                     /* it may exit and be reaped now */
	spin_unlock_irqrestore(&tasks_lock, f);
	if (sig)
		sched_wake_up(&t->se, waker_task(), waker_kind(), false);
	task_put(t);
	return 0;
}

/* On the way back to ring 3: a pending signal ends the process. */
void proc_deliver_signals(struct trap_frame *f)
{
	struct task *t = current;

	if (!t || t->kind != TASK_USER || !t->pending_signal || !trap_from_user(f))
		return;
	proc_exit(W_SIGNALED(t->pending_signal));
}

/* ---- faults in ring 3 kill only the process ---- */

static int signal_for(int vector)
{
	switch (vector) {
	case T_DIVIDE: return SIGFPE;
	case 16: case 19: return SIGFPE;       /* x87 / SIMD floating point */
	case T_INVALID_OP: return SIGILL;
	case T_DEBUG: case T_BREAKPOINT: return SIGTRAP;
	default: return SIGSEGV;
	}
}

int user_fault(struct trap_frame *f)
{
	struct task *t = current;
	uint32_t cr2 = read_cr2();
	int sig;

	if (!t || t->kind != TASK_USER)
		return 0;
	if (f->vector == T_PAGE_FAULT &&
	    mm_handle_fault(t->mm, cr2, (f->error & 2) != 0, f->error & 1) == 0)
		return 1;                        /* demand zero or copy on write */
	sig = signal_for((int)f->vector);
	if (f->vector == T_PAGE_FAULT)
		printk("nickel: pid %d (%s) killed: %s at eip=0x%08x (address 0x%08x)\n",
		       t->se.pid, t->se.comm, trap_name((int)f->vector), f->eip, cr2);
	else
		printk("nickel: pid %d (%s) killed: %s at eip=0x%08x\n",
		       t->se.pid, t->se.comm, trap_name((int)f->vector), f->eip);
	sti();
	proc_exit(W_SIGNALED(sig));
}
