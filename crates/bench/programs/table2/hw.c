// HW: search an input string for "hello" followed later by "world".
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
#define N 24
char s[N];
static int at(int i, const char *w) {
  for (int k = 0; k < 5; k++)
    if (s[i + k] != w[k])
      return 0;
  return 1;
}
int main(void) {
  for (int k = 0; k < N - 1; k++)
    s[k] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  int state = 0;
  for (int i = 0; s[i] != 0 && i + 5 < N; i++) {
    if (state == 0 && at(i, "hello"))
      state = 1;
    else if (state == 1 && at(i, "world"))
      state = 2;
  }
  if (state == 2)
    reach_error();
  return 0;
}
