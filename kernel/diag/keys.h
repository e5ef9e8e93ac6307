/* keys.h - the console keys, handled by the "keys" kernel thread (keys.c). */
#ifndef NICKEL_KEYS_H
#define NICKEL_KEYS_H
void keys_thread_start(void);
/* Every key handle_key acts on (tests/unit/test_keymap.c: each one can be
 * typed on a PS/2 and a USB keyboard; tests/scenarios/keys.py types each). */
#define KEYS_HANDLED "strbvh?+=-"
#endif
