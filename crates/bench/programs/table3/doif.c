// DOIF (loop navigation paper, Section 4): one action per input element,
// chosen by its value; the target needs a particular mix of actions.
// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#define N 40
int A[N];
int main(void) {
  for (int k = 0; k < N; k++) A[k] = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  for (int i = 0; i < N; i++) {
    if (A[i] == 1) x += 2;
    else if (A[i] == 2) y += 3;
    else x -= 1;
  }
  if (x == 32 && y == 27) reach_error();
  return 0;
}
