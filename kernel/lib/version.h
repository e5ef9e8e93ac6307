#ifndef NICKEL_VERSION
#define NICKEL_VERSION "0.1"
#endif
