// `kappa templates` on a loop storing at a progression index (a[i] = 3*i
// + x): the store's address, stride and value per iteration, the memory
// after κ iterations, and the UB exit of the store.
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
int a[16];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_int();
  for (unsigned int i = 0; i < n; i++) a[i] = 3 * (int)i + x;
  return a[2];
}
