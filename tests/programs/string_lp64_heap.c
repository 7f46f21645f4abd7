// expect: false
// heap strings under LP64 (64-bit size_t): strcpy into malloc'd memory, strlen, strncmp, memchr
// data-model: LP64
// witness: 111 107 8 33 0 2
#include <stdlib.h>
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  char in[6];
  for (int i = 0; i < 5; i++) in[i] = __VERIFIER_nondet_char();
  in[5] = 0;
  char *h = malloc(strlen(in) + 1);
  if (!h) return 0;
  strcpy(h, in);
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n > 3) n = 3;
  if (strlen(h) == 4 && strncmp(h, "ok", n) == 0 && n == 2 && memchr(h, '!', 5) == h + 3)
    reach_error();
  free(h);
  return 0;
}
