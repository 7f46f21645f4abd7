// expect: false
// the while loop runs at most 10 times: i == 10 after it when n >= 10.
// (its lines match mixed_true.c line for line, so mixed_true.c's
// invariants sit at this program's loops)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n && i < 10) {
    i++;
  }
  if (i > 9) reach_error();
  int j = 0;
  do {
    j++;
  } while (j < n && j < 5);
  int k = j + i;
  return k - k;
}
