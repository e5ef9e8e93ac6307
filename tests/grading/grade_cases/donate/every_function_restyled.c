// Honest: all five functions in another style (4-space indent, `{` on the
// signature line, every parameter renamed), with other shapes of the same
// logic: the min worked out by hand, a flag for the cycle, `break`, a
// pointer-to-pointer walk in a while loop, the charge through an int32_t.
//expect full
//function sched_set_donated
void sched_set_donated(struct sched_task *task, int lent) {
    unsigned long irq;
    struct runqueue *queue = task_rq_lock(task, &irq);
    int base = sched_donation_own_prio(task);   /* read first: it looks at the fields */
    int want = base;

    task->donated = lent < SCHED_MAX_PRIO;
    task->donated_prio = lent;
    if (task->donated && lent < base)
        want = lent;
    set_prio(queue, task, want);
    task_rq_unlock(queue, irq);
}
//function donation_recompute
static void donation_recompute(struct sched_task *task) {
    struct sched_task *walked[DONATION_DEPTH];
    int count = 0;

    while (task != NULL && count < DONATION_DEPTH) {
        struct sched_donation *rec;
        int seen_before = 0, best_prio = SCHED_MAX_PRIO, k;

        for (k = 0; k < count; k++)
            seen_before |= walked[k] == task;
        if (seen_before)
            break;
        walked[count++] = task;
        for (rec = task->donations; rec != NULL; rec = rec->next)
            if (rec->caller->prio < best_prio)
                best_prio = rec->caller->prio;
        sched_set_donated(task, best_prio);
        task = task->waiting == NULL ? NULL : task->waiting->server;
    }
}
//function donation_hold
static void donation_hold(struct sched_donation *rec) {
    struct sched_task *srv = rec->server;

    rec->next = srv->donations;
    srv->donations = rec;
    rec->caller->waiting = rec;
    donation_recompute(srv);
}
//function donation_drop
static void donation_drop(struct sched_donation *rec, uint32_t remaining) {
    struct sched_donation **link = &rec->server->donations;
    struct sched_donation *other;

    while (*link != NULL && *link != rec)
        link = &(*link)->next;
    if (*link == rec)
        *link = rec->next;
    rec->next = NULL;
    rec->caller->waiting = NULL;
    for (other = rec->server->donations; other != NULL; other = other->next)
        if ((int32_t)(other->run_ms - remaining) > 0)
            other->run_ms = remaining;
    donation_recompute(rec->server);
}
//function sched_donation_ran
uint32_t sched_donation_ran(uint32_t now, uint32_t since) {
    int32_t elapsed = (int32_t)(now - since);

    return elapsed > 0 ? (uint32_t)elapsed : 0;
}
