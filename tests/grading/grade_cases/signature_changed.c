// The lab function made non-static: only parameter names may change.
//unstatic
