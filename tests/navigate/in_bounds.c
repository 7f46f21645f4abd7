// expect: true
// Every access stays inside the array (the all-iterations bound on i);
// reach_error needs a value the loop never stores.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int A[16];
int main(void) {
  int s = 0;
  for (int i = 0; i < 16; i++) A[i] = __VERIFIER_nondet_int() & 1;
  for (int k = 0; k < 16; k++) s += 3;
  if (s != 48) reach_error();
  return 0;
}
