extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  double d = x * 0.5 + 0.25;
  if (d > 2.0 && d < 3.0) reach_error();   /* x == 4 gives d == 2.25 */
  return 0;
}
