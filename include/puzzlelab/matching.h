/* Maximum-cardinality matching in a general graph (Edmonds' blossom
 * algorithm). */
#ifndef PUZZLELAB_MATCHING_H
#define PUZZLELAB_MATCHING_H

/* Graph on vertices 0..nv-1 with ne undirected edges (eu[i], ev[i]); loops
 * and repeated edges are allowed and harmless. Writes mate[v] (the matched
 * neighbour, or -1) for every vertex and returns the size of a maximum
 * matching. mate may hold a matching on entry when warm is non-zero (it is
 * then extended), else it is ignored.
 *
 * Greedy start, then one alternating-tree search per exposed vertex with
 * blossom contraction (Edmonds 1965, in the array form with bases and
 * lowest common ancestors). A search touches only the vertices of its tree
 * and resets only those: O(E + V * b) per search for b blossoms contracted,
 * O(V * (V + E)) ... O(V^3) in all. */
int pl_max_matching(int nv, int ne, const int *eu, const int *ev, int *mate, int warm);

/* The Gallai-Edmonds set D of the same graph: given a MAXIMUM matching
 * mate, sets even[v] = 1 exactly when v is reachable from an exposed vertex
 * by an alternating path of even length (equivalently, some maximum
 * matching misses v), else 0. One alternating forest grown from all exposed
 * vertices at once, with blossom contraction: O(E + V * b). Returns 0, or -1
 * when two trees meet (mate was not maximum; even[] is then meaningless). */
int pl_matching_even(int nv, int ne, const int *eu, const int *ev, const int *mate, unsigned char *even);

#endif
