// expect: false
// a large array written and read at input indices (write log); the error
// needs both indices at one cell
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
long a[5000];
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5000 && j >= 0 && j < 5000);
  a[i] = 7;
  a[j] = a[j] + 5;
  if (a[4321] == 12) reach_error();
  return 0;
}
