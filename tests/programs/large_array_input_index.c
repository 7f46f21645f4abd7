// expect: true
// an array larger than 64 KiB indexed by input
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int a[100000];

int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 100000 && j >= 0 && j < 100000);
  a[99999] = 4;
  a[i] = 7;
  if (a[i] != 7) reach_error();
  if (j != i && j != 99999 && a[j] != 0) reach_error();
  return 0;
}
