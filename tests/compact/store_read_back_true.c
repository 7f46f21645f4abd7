// expect: true
// Each iteration writes a[i] and reads it back at once: the load sees the
// value stored by its own iteration.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int a[200];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 200);
  int x = __VERIFIER_nondet_int();
  for (unsigned int i = 0; i < n; i++) {
    a[i] = x + (int)i;
    if (a[i] != x + (int)i) reach_error();
  }
  return 0;
}
