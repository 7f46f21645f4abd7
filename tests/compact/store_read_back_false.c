// expect: false
// Twin of store_read_back_true.c: the value read back equals 2*x when x
// equals the index.
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
    if (a[i] == 2 * x) reach_error();
  }
  return 0;
}
