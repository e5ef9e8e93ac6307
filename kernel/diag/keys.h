/* keys.h - the console keys, handled by the "keys" kernel thread (keys.c). */
#ifndef NICKEL_KEYS_H
#define NICKEL_KEYS_H
void keys_thread_start(void);
#endif
