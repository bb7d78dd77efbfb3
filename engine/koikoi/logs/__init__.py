"""Koi-Koi game records played elsewhere: KoiKoi-AI's records read into typed values
(``logs.record``) and replayed move by move at a :class:`yakuset.koikoi.Table` (``logs.replay``)."""
