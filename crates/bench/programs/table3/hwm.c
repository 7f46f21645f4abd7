// HWM (loop navigation paper, Section 4): scan an input string for "Hello", "World", "At" and
// "Microsoft!".
// The loop dispatches on the current character, then compares the rest.
// expect: false
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
#define N 28
char s[N];
int main(void) {
  for (int k = 0; k < N - 1; k++) s[k] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  int hello = 0, world = 0, at = 0, ms = 0;
  for (int i = 0; s[i] != 0; i++) {
    switch (s[i]) {
    case 'H':
      if (s[i + 1] == 'e' && s[i + 2] == 'l' && s[i + 3] == 'l' && s[i + 4] == 'o') hello = 1;
      break;
    case 'W':
      if (s[i + 1] == 'o' && s[i + 2] == 'r' && s[i + 3] == 'l' && s[i + 4] == 'd') world = 1;
      break;
    case 'A':
      if (s[i + 1] == 't') at = 1;
      break;
    case 'M':
      if (s[i + 1] == 'i' && s[i + 2] == 'c' && s[i + 3] == 'r' && s[i + 4] == 'o' && s[i + 5] == 's' && s[i + 6] == 'o' && s[i + 7] == 'f' && s[i + 8] == 't' && s[i + 9] == '!') ms = 1;
      break;
    }
  }
  if (hello && world && at && ms) reach_error();
  return 0;
}
