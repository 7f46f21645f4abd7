// expect: true
// the while loop's invariant i <= 10 proves the program; the do loop and
// the statements after it do not matter for the error, so an invariant
// there is only checked if the validator instruments it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n && i < 10) {
    i++;
  }
  if (i > 10) reach_error();
  int j = 0;
  do {
    j++;
  } while (j < n && j < 5);
  int k = j + i;
  return k - k;
}
