extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

/* A valid translation unit, but there is no main() to start from. */
int check(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) reach_error();
  return x;
}
