//! Point-to-point and area boards: named nodes joined by undirected links.
//!
//! Not every wargame is hexes. A castle of rooms and corridors, a map of
//! provinces, a rail net: all are graphs whose nodes have printed names and
//! whose connections carry a little data (a door, a river crossing, a
//! mountain pass). [`Network`] stores such a board with typed [`NodeId`]s so
//! rules code never passes names around after loading.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use serde::{Deserialize, Serialize};

/// Dense id of a node: its position in insertion order.
///
/// Ids are only meaningful for the network that issued them; methods that
/// take a `NodeId` index per-node tables and panic on an id beyond the
/// network's size.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeId(u16);

impl NodeId {
    /// Position of this node in per-node tables (`0..network.len()`). O(1).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id with dense index `i`. O(1). Not validated against any network.
    ///
    /// # Panics
    /// If `i` does not fit in a `u16`; no network is that large.
    pub fn from_index(i: usize) -> NodeId {
        NodeId(u16::try_from(i).expect("NodeId index exceeds u16::MAX"))
    }
}

/// Why a node or link could not be added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// A node with this key already exists.
    DuplicateKey(String),
    /// No node has this key.
    UnknownKey(String),
    /// A link from a node to itself.
    SelfLink(String),
    /// These two nodes are already linked. One link per pair keeps
    /// [`Network::link`] unambiguous; put several features in `L` instead.
    DuplicateLink(String, String),
    /// The network already holds the maximum number of nodes (65 535).
    TooManyNodes,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::DuplicateKey(k) => write!(f, "duplicate node key {k:?}"),
            NetworkError::UnknownKey(k) => write!(f, "unknown node key {k:?}"),
            NetworkError::SelfLink(k) => write!(f, "node {k:?} cannot be linked to itself"),
            NetworkError::DuplicateLink(a, b) => {
                write!(f, "nodes {a:?} and {b:?} are already linked")
            }
            NetworkError::TooManyNodes => {
                write!(f, "a network may have at most {} nodes", u16::MAX)
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// An undirected graph of keyed nodes carrying `N` and links carrying `L`.
///
/// Built once with [`add_node`](Network::add_node) and
/// [`add_link`](Network::add_link); afterwards node data can be changed but
/// the shape cannot. Adjacency lists keep insertion order, so every traversal
/// is deterministic.
#[derive(Clone, Debug)]
pub struct Network<N, L> {
    keys: Vec<String>,
    data: Vec<N>,
    by_key: HashMap<String, NodeId>,
    /// Per node: (other end, index into `links`).
    adjacent: Vec<Vec<(NodeId, usize)>>,
    links: Vec<(NodeId, NodeId, L)>,
}

impl<N, L> Default for Network<N, L> {
    fn default() -> Self {
        Network { keys: Vec::new(), data: Vec::new(), by_key: HashMap::new(), adjacent: Vec::new(), links: Vec::new() }
    }
}

impl<N, L> Network<N, L> {
    /// An empty network.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node named `key`. Keys are exact (case-sensitive). O(1)
    /// amortised.
    pub fn add_node(&mut self, key: &str, data: N) -> Result<NodeId, NetworkError> {
        if self.by_key.contains_key(key) {
            return Err(NetworkError::DuplicateKey(key.to_string()));
        }
        if self.keys.len() >= usize::from(u16::MAX) {
            return Err(NetworkError::TooManyNodes);
        }
        let id = NodeId::from_index(self.keys.len());
        self.keys.push(key.to_string());
        self.data.push(data);
        self.by_key.insert(key.to_string(), id);
        self.adjacent.push(Vec::new());
        Ok(id)
    }

    /// Links the nodes named `a` and `b` (undirected). O(degree of `a`) for
    /// the duplicate check.
    pub fn add_link(&mut self, a: &str, b: &str, data: L) -> Result<(), NetworkError> {
        let ia = self.node(a).ok_or_else(|| NetworkError::UnknownKey(a.to_string()))?;
        let ib = self.node(b).ok_or_else(|| NetworkError::UnknownKey(b.to_string()))?;
        if ia == ib {
            return Err(NetworkError::SelfLink(a.to_string()));
        }
        if self.link(ia, ib).is_some() {
            return Err(NetworkError::DuplicateLink(a.to_string(), b.to_string()));
        }
        let index = self.links.len();
        self.links.push((ia, ib, data));
        self.adjacent[ia.index()].push((ib, index));
        self.adjacent[ib.index()].push((ia, index));
        Ok(())
    }

    /// The node named `key`. O(1) expected (hash lookup).
    pub fn node(&self, key: &str) -> Option<NodeId> {
        self.by_key.get(key).copied()
    }

    /// The key of `id`. O(1).
    pub fn key(&self, id: NodeId) -> &str {
        &self.keys[id.index()]
    }

    /// The data of `id`. O(1).
    pub fn data(&self, id: NodeId) -> &N {
        &self.data[id.index()]
    }

    /// The data of `id`, mutably. O(1).
    pub fn data_mut(&mut self, id: NodeId) -> &mut N {
        &mut self.data[id.index()]
    }

    /// The nodes linked to `id`, with each link's data, in the order the
    /// links were added. O(degree).
    pub fn links(&self, id: NodeId) -> impl Iterator<Item = (NodeId, &L)> + '_ {
        self.adjacent[id.index()].iter().map(move |&(other, i)| (other, &self.links[i].2))
    }

    /// The data of the link between `a` and `b`, if they are linked.
    /// O(degree of `a`).
    pub fn link(&self, a: NodeId, b: NodeId) -> Option<&L> {
        self.adjacent[a.index()].iter().find(|&&(other, _)| other == b).map(|&(_, i)| &self.links[i].2)
    }

    /// Every link once, as `(a, b, data)` with `a` and `b` in the order they
    /// were given to [`add_link`](Network::add_link). O(1) per item.
    pub fn all_links(&self) -> impl Iterator<Item = (NodeId, NodeId, &L)> + '_ {
        self.links.iter().map(|(a, b, l)| (*a, *b, l))
    }

    /// Number of nodes. O(1).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are no nodes. O(1).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Number of links. O(1).
    pub fn link_count(&self) -> usize {
        self.links.len()
    }

    /// All node ids in insertion order. O(1) per item.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.keys.len()).map(NodeId::from_index)
    }

    /// A path from `from` to `to` with the fewest links, using only links
    /// for which `pass(here, there, data)` is true (called in the direction
    /// of travel), as the list of nodes from `from` to `to` inclusive.
    /// `Some(vec![from])` when `from == to`; `None` if unreachable.
    ///
    /// Breadth-first search: O(V + E) over the nodes and links explored.
    /// Ties go to the earliest-added links.
    pub fn shortest(
        &self,
        from: NodeId,
        to: NodeId,
        mut pass: impl FnMut(NodeId, NodeId, &L) -> bool,
    ) -> Option<Vec<NodeId>> {
        let mut came_from: Vec<Option<NodeId>> = vec![None; self.len()];
        let mut seen = vec![false; self.len()];
        seen[from.index()] = true;
        let mut queue = VecDeque::from([from]);
        while let Some(here) = queue.pop_front() {
            if here == to {
                let mut path = vec![to];
                let mut at = to;
                while let Some(prev) = came_from[at.index()] {
                    path.push(prev);
                    at = prev;
                }
                path.reverse();
                return Some(path);
            }
            for (there, data) in self.links(here) {
                if !seen[there.index()] && pass(here, there, data) {
                    seen[there.index()] = true;
                    came_from[there.index()] = Some(here);
                    queue.push_back(there);
                }
            }
        }
        None
    }

    /// Which nodes can be reached from `from` over links `pass` admits
    /// (called in the direction of travel), indexed by [`NodeId::index`];
    /// `from` itself is always reachable. O(V + E).
    pub fn reachable_from(&self, from: NodeId, mut pass: impl FnMut(NodeId, NodeId, &L) -> bool) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        seen[from.index()] = true;
        let mut stack = vec![from];
        while let Some(here) = stack.pop() {
            for (there, data) in self.links(here) {
                if !seen[there.index()] && pass(here, there, data) {
                    seen[there.index()] = true;
                    stack.push(there);
                }
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum Door {
        Open,
        Locked,
    }

    /// A small castle:
    ///
    /// ```text
    /// cell --locked-- corridor --open-- yard --open-- gate
    ///   \                                  /
    ///    `----open---- chapel ----open----'
    /// ```
    fn castle() -> Network<u8, Door> {
        let mut n = Network::new();
        for (i, k) in ["cell", "corridor", "yard", "gate", "chapel"].iter().enumerate() {
            n.add_node(k, i as u8).unwrap();
        }
        n.add_link("cell", "corridor", Door::Locked).unwrap();
        n.add_link("corridor", "yard", Door::Open).unwrap();
        n.add_link("yard", "gate", Door::Open).unwrap();
        n.add_link("cell", "chapel", Door::Open).unwrap();
        n.add_link("chapel", "yard", Door::Open).unwrap();
        n
    }

    fn names(n: &Network<u8, Door>, path: &[NodeId]) -> Vec<String> {
        path.iter().map(|&i| n.key(i).to_string()).collect()
    }

    #[test]
    fn build_and_query() {
        let n = castle();
        assert_eq!(n.len(), 5);
        assert!(!n.is_empty());
        assert_eq!(n.link_count(), 5);
        let yard = n.node("yard").unwrap();
        assert_eq!(n.key(yard), "yard");
        assert_eq!(*n.data(yard), 2);
        let around: Vec<_> = n.links(yard).map(|(o, d)| (n.key(o), *d)).collect();
        assert_eq!(around, vec![("corridor", Door::Open), ("gate", Door::Open), ("chapel", Door::Open)]);
        let cell = n.node("cell").unwrap();
        let corridor = n.node("corridor").unwrap();
        assert_eq!(n.link(corridor, cell), Some(&Door::Locked));
        assert_eq!(n.link(cell, yard), None);
        assert_eq!(n.ids().count(), 5);
        assert_eq!(n.all_links().count(), 5);
        assert_eq!(n.node("Yard"), None);
    }

    #[test]
    fn duplicate_and_unknown_keys() {
        let mut n = castle();
        assert_eq!(n.add_node("yard", 9), Err(NetworkError::DuplicateKey("yard".into())));
        assert_eq!(n.add_link("yard", "moat", Door::Open), Err(NetworkError::UnknownKey("moat".into())));
        assert_eq!(n.add_link("tower", "yard", Door::Open), Err(NetworkError::UnknownKey("tower".into())));
        assert_eq!(n.add_link("yard", "yard", Door::Open), Err(NetworkError::SelfLink("yard".into())));
        assert_eq!(
            n.add_link("gate", "yard", Door::Open),
            Err(NetworkError::DuplicateLink("gate".into(), "yard".into()))
        );
        assert_eq!(n.link_count(), 5);
        assert_eq!(NetworkError::UnknownKey("moat".into()).to_string(), "unknown node key \"moat\"");
    }

    #[test]
    fn shortest_respects_the_filter() {
        let n = castle();
        let cell = n.node("cell").unwrap();
        let gate = n.node("gate").unwrap();
        let any = |_: NodeId, _: NodeId, _: &Door| true;
        let unlocked = |_: NodeId, _: NodeId, d: &Door| *d == Door::Open;
        let path = n.shortest(cell, gate, any).unwrap();
        assert_eq!(path.len(), 4); // three links either way
        assert_eq!(names(&n, &path), ["cell", "corridor", "yard", "gate"]);
        let path = n.shortest(cell, gate, unlocked).unwrap();
        assert_eq!(names(&n, &path), ["cell", "chapel", "yard", "gate"]);
        assert_eq!(n.shortest(gate, gate, any), Some(vec![gate]));
        // With the chapel closed too, the cell is sealed.
        let chapel = n.node("chapel").unwrap();
        let sealed = |a: NodeId, b: NodeId, d: &Door| *d == Door::Open && a != chapel && b != chapel;
        assert_eq!(n.shortest(cell, gate, sealed), None);
        let reach = n.reachable_from(cell, sealed);
        assert_eq!(reach, vec![true, false, false, false, false]);
        let reach = n.reachable_from(gate, sealed);
        assert_eq!(reach, vec![false, true, true, true, false]);
        assert!(n.reachable_from(cell, any).iter().all(|&r| r));
    }

    #[test]
    fn pass_sees_direction_of_travel() {
        let n = castle();
        let cell = n.node("cell").unwrap();
        let corridor = n.node("corridor").unwrap();
        // A one-way door: the locked door opens only from the cell side.
        let one_way = |a: NodeId, _: NodeId, d: &Door| *d == Door::Open || a == cell;
        let out = n.shortest(cell, corridor, one_way).unwrap();
        assert_eq!(out, vec![cell, corridor]);
        let back = n.shortest(corridor, cell, one_way).unwrap();
        assert_eq!(names(&n, &back), ["corridor", "yard", "chapel", "cell"]);
    }
}
