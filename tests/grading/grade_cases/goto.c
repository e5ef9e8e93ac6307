// goto is not taken (as before).
//body
	goto out;
out:
