// HW (loop navigation paper, Section 4): scan an input string for "Hello" and "World".
// The loop dispatches on the current character, then compares the rest.
// expect: false
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
#define N 16
char s[N];
int main(void) {
  for (int k = 0; k < N - 1; k++) s[k] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  int hello = 0, world = 0;
  for (int i = 0; s[i] != 0; i++) {
    switch (s[i]) {
    case 'H':
      if (s[i + 1] == 'e' && s[i + 2] == 'l' && s[i + 3] == 'l' && s[i + 4] == 'o') hello = 1;
      break;
    case 'W':
      if (s[i + 1] == 'o' && s[i + 2] == 'r' && s[i + 3] == 'l' && s[i + 4] == 'd') world = 1;
      break;
    }
  }
  if (hello && world) reach_error();
  return 0;
}
