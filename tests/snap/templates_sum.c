// A counting loop with an input bound, a geometric variable and an input
// read in every iteration (snapshot of `kappa templates`).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int s = 0, p = 1;
  for (unsigned int i = 0; i < n && __VERIFIER_nondet_bool(); i++) {
    s += 3;
    p *= 4;
  }
  if (s == 7 || p == 3) reach_error();
  return 0;
}
