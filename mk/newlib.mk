# newlib for ring-3 programs: built once by tools/build/deps.d/newlib.sh (also run by
# `make deps`) into .cache/newlib/ (git-ignored).  See docs/user.md.
NEWLIB_VERSION := 3.3.0
NEWLIB_DIR     := .cache/newlib/i686-elf
NEWLIB_STAMP   := .cache/newlib/.done-$(NEWLIB_VERSION)
NEWLIB_INC     := $(NEWLIB_DIR)/include
NEWLIB_LIBS    := $(NEWLIB_DIR)/lib/libc.a $(NEWLIB_DIR)/lib/libm.a

.PHONY: newlib
newlib: $(NEWLIB_STAMP)

$(NEWLIB_STAMP): tools/build/deps.d/newlib.sh
	@sh tools/build/deps.d/newlib.sh && touch $@
