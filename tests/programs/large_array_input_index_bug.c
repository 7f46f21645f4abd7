// expect: false
// an array larger than 64 KiB written and read at input indices
// witness: 71234 71234
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int a[100000];

int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 100000 && j >= 0 && j < 100000);
  a[i] = 7;
  a[j] = a[j] + 5;
  if (a[71234] == 12) reach_error();
  return 0;
}
