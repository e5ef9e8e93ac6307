// The lab function defined twice (the file does not compile; which one
// would be graded?): refused, not guessed.
//twice
