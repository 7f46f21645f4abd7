// Hello: search an input string for "hello" (Table 2 of "Abstracting Path
// Conditions"; kappa's own version). Target: the word is found.
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
#define N 16
char s[N];
int main(void) {
  for (int k = 0; k < N - 1; k++)
    s[k] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  int found = 0;
  for (int i = 0; s[i] != 0 && i + 5 < N; i++) {
    if (s[i] == 'h' && s[i + 1] == 'e' && s[i + 2] == 'l' && s[i + 3] == 'l' &&
        s[i + 4] == 'o')
      found = 1;
  }
  if (found)
    reach_error();
  return 0;
}
