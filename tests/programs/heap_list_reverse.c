// expect: false
// heap-allocated singly linked list built by appending, then reversed in place
// witness: 4 3 3 3 1
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct node { int v; struct node *next; };

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 5);
  struct node *head = 0, *tail = 0;
  for (int i = 0; i < n; i++) {
    struct node *nd = malloc(sizeof *nd);
    if (!nd) return 0;
    nd->v = __VERIFIER_nondet_int();
    __VERIFIER_assume(nd->v >= 0 && nd->v <= 3);
    nd->next = 0;
    if (tail) tail->next = nd; else head = nd;
    tail = nd;
  }
  struct node *prev = 0;
  while (head) {
    struct node *next = head->next;
    head->next = prev;
    prev = head;
    head = next;
  }
  int sum = 0;
  for (struct node *p = prev; p; p = p->next) sum += p->v;
  if (sum == 10 && prev->v == 1 && n == 4) reach_error();
  while (prev) {
    struct node *next = prev->next;
    free(prev);
    prev = next;
  }
  return 0;
}
