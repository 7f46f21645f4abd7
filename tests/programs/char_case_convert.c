// expect: true
// ASCII case conversion by arithmetic and by flipping bit 5
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c >= 'a' && c <= 'z') {
    char up = c - 32;
    if (up < 'A' || up > 'Z') reach_error();
    if ((up | 0x20) != c) reach_error();
    if ((char)(up ^ 0x20) != c) reach_error();
  } else if (c >= 'A' && c <= 'Z') {
    char lo = c + ('a' - 'A');
    if (lo < 'a' || lo > 'z') reach_error();
    if ((lo & ~0x20) != c) reach_error();
  }
  return 0;
}
