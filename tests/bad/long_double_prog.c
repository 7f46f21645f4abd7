extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

/* long double (x86_fp80) is not modelled: unknown, naming it */
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  long double d = x * 0.5L + 0.25L;
  if (d > 2.0L && d < 3.0L) reach_error();   /* x == 4 gives d == 2.25 */
  return 0;
}
