/* boot_time.h - how long the boot took, reported once as init enters ring 3. */
#ifndef BOOT_BOOT_TIME_H
#define BOOT_BOOT_TIME_H

/* Called on pid 1's way to its first ring-3 instruction: takes the TSC and
 * prints the boot line (docs/boot.md, "Boot time"). */
void boot_time_init_enters_user(void);
#endif
